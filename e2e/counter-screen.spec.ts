import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { COLOR_SCHEMES, expectAccessible } from './support/axe';
import { speak, withCopyAge, words } from './support/catalogue-text';
import { tabTo } from './support/keyboard';
import { openAdministration, screens } from './support/screens';
import type { PetstoreApp } from './fixtures';

/** The sizes a counter screen is judged at: the smallest laptop and the usual one. */
const SIZES = [
  { width: 1024, height: 640 },
  { width: 1366, height: 768 },
] as const;

/** The app bar stays one row that never wraps, and nothing scrolls sideways. */
async function expectOneRow(page: Page, where: string): Promise<void> {
  const bar = await page.locator('header').boundingBox();
  expect(bar?.height, `${where}: the app bar is one row`).toBeLessThanOrEqual(52);
  const badge = await page.locator('.connection').boundingBox();
  expect(badge?.height, `${where}: the sync badge keeps to the bar's row`).toBeLessThanOrEqual(34);
  expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
}

/** The screen as it is now, at both sizes, light and dark: each a screenshot in the report and an axe scan. */
async function everyCounterLook(petstore: PetstoreApp, screen: string): Promise<void> {
  const { page } = petstore;
  for (const scheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expectOneRow(page, `${screen} at ${size.width}×${size.height}`);
      await expectAccessible(petstore, `${screen} (${size.width}×${size.height}, ${scheme})`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[0]);
}

for (const locale of ['en', 'de', 'fr', 'es'] as const) {
  test(`the counter screen in ${locale}: the app bar with animals waiting, the outbox drawer, the lookup and Settings`, async ({
    petstore,
  }) => {
    test.slow();
    const { page, service } = petstore;
    const ui = screens(page);
    const say = words(locale);
    await page.setViewportSize(SIZES[0]);
    await speak(page, locale);
    await expect(page.locator('table.pets tbody tr').first()).toBeVisible();

    // Nothing waits: no outbox on screen, only the badge.
    await expect(ui.connection()).toHaveText(say('connection.online'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(say('outbox.title'), { exact: true })).toBeHidden();

    // The service goes down; two animals wait.
    await service.stop();
    await page.locator('#add-animal').click();
    for (const name of ['Ada', 'Bea']) {
      await page.locator('#pet-name').fill(name);
      await page.locator('#pet-category').fill('4');
      await page.locator('#pet-name').press('Enter');
      await expect(page.getByRole('status').filter({ hasText: say('add.savedQueued', { name }) })).toHaveCount(1);
    }
    await expect(ui.connection()).toHaveText(withCopyAge(say('sync.waiting', { count: 2 }), locale));
    await page.locator('#add-animal').focus();
    await page.keyboard.press('Escape');
    await everyCounterLook(petstore, `app bar, two animals waiting, ${locale}`);

    await ui.connection().click();
    const drawer = page.getByRole('dialog', { name: say('outbox.title') });
    await expect(drawer.locator('li[data-state="queued"]')).toHaveCount(2);
    await expect(drawer).toContainText(
      say('connection.waiting', { line: say('connection.unreachableLong'), count: 2 }),
    );
    await everyCounterLook(petstore, `outbox drawer, ${locale}`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page
      .getByRole('navigation')
      .getByRole('button', { name: say('nav.lookup'), exact: true })
      .click();
    await expect(page.getByTestId('deprecation-warning')).toBeVisible();
    await everyCounterLook(petstore, `lookup, ${locale}`);

    await page
      .getByRole('navigation')
      .getByRole('button', { name: say('nav.settings'), exact: true })
      .click();
    await expect(page.locator('details')).not.toHaveAttribute('open');
    await everyCounterLook(petstore, `settings, ${locale}`);
    await openAdministration(page);
    await everyCounterLook(petstore, `settings with administration open, ${locale}`);
  });
}

test('a keyboard-only walk: the app bar, the outbox drawer, the lookup and Settings', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const keys = page.keyboard;
  await expect(ui.rows().first()).toBeVisible();
  await service.stop();
  await page.locator('#add-animal').click();
  await ui.addForm().name.fill('Walker');
  await ui.addForm().category.fill('Fish');
  await keys.press('Enter');
  await expect(ui.connection()).toHaveText(withCopyAge('1 waiting'));
  await keys.press('Escape');

  // The app bar in order: environment, the screens, the shortcuts, the sync badge.
  // A click on the app's name puts the keyboard's starting point at the top, as a clerk's would.
  await page.locator('header h1').click();
  await keys.press('Tab');
  await expect(ui.environment()).toBeFocused();
  for (const name of ['Animals', 'Look up by id', 'Settings', 'Keyboard shortcuts']) {
    await keys.press('Tab');
    await expect(page.getByRole('navigation').getByRole('button', { name, exact: true })).toBeFocused();
  }
  await keys.press('Tab');
  await expect(ui.connection()).toBeFocused();

  // Enter opens the drawer on its title; Tab reaches its actions; Esc closes the innermost open thing: the edit
  // (focus back on the animal's buttons), then the drawer (focus back on the badge).
  await keys.press('Enter');
  const drawer = ui.outbox();
  await expect(drawer.getByRole('heading', { name: 'Waiting to be sent' })).toBeFocused();
  await keys.press('Tab');
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
  await tabTo(page, 'Edit');
  await keys.press('Enter');
  await expect(drawer.getByLabel('Name')).toBeFocused();
  await keys.press('Escape');
  await expect(drawer.getByLabel('Name')).toBeHidden();
  // Edit, or Discard when a try of that animal had Edit disabled at that moment.
  await expect(drawer.locator('button:focus')).toHaveText(/^(Edit|Discard)$/);
  await keys.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(ui.connection()).toBeFocused();

  // The lookup: the screen's heading, the id, Enter looks up; the notice's link leads to the list's search.
  await tabTo(page, 'Look up by id', { backwards: true });
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: /^Look up by id/ })).toBeFocused();
  await tabTo(page, 'Use the list');
  await keys.press('Tab');
  await expect(page.getByLabel('Animal id')).toBeFocused();
  await keys.type('1');
  await keys.press('Enter');
  await expect(page.locator('.pet-card')).toBeVisible();
  await keys.press('Shift+Tab');
  await expect(page.getByRole('link', { name: 'Use the list' })).toBeFocused();
  await keys.press('Enter');
  await expect(ui.quickFilter()).toBeFocused();

  // Settings: the language, then "Administration" opened with the keyboard, down to an address.
  await tabTo(page, 'Settings', { backwards: true });
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeFocused();
  await keys.press('Tab');
  await expect(page.getByLabel('Language')).toBeFocused();
  await tabTo(page, 'Administration');
  await keys.press('Enter');
  await expect(page.locator('details')).toHaveAttribute('open', '');
  await keys.press('Tab');
  await expect(page.getByRole('list', { name: 'Environments' }).getByRole('button').first()).toBeFocused();
});
