import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screens } from './support/screens';
import { WINDOW_SIZES } from './support/looks';

/** Text cut short in the header, on Settings or over the list: an element whose content is wider than its box. */
const CUT_SHORT = `(() => {
  const boxes = [...document.querySelectorAll('header :is(button, h1, .band span, .connection),'
    + ' section[aria-labelledby="settings-title"] :is(button, label, legend, h2, h3, p),'
    + ' section[aria-labelledby="animals-title"] :is(h2, .actions button, label, thead button, #list-summary)')]
    .filter((box) => box.clientWidth > 0);
  const cut = boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.textContent.trim());
  return { checked: boxes.length, cut };
})()`;

/** Checks the screen in view: some labels were measured, none is cut short, nothing scrolls sideways. */
async function expectNothingCutShort(page: Page, where: string): Promise<void> {
  const { checked, cut } = await page.evaluate<{ checked: number; cut: string[] }>(CUT_SHORT);
  expect(checked, `labels measured ${where}`).toBeGreaterThan(10);
  expect(cut, `labels cut short ${where}`).toEqual([]);
  expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
}

test('Settings → Language puts the screens in German, and the choice outlives a reload', async ({ petstore }) => {
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.rows()).toHaveCount(20);
  await ui.nav('Settings').click();
  await page.getByLabel('Language', { exact: true }).selectOption('de');

  const nav = page.getByRole('navigation', { name: 'Ansichten' });
  await expect(nav.getByRole('button', { name: 'Einstellungen', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 2 })).toBeVisible();
  await expect(ui.band()).toHaveText('DEMO — Übungsdaten');
  await expect(page.getByLabel('Umgebung', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Umgebungen' })).toContainText('In Gebrauch · Schlüssel gespeichert');
  await expect(page.getByRole('group', { name: 'Barcode-Scanner' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Testen und speichern' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Ansichten' }).getByRole('button', { name: 'Tiere' }),
  ).toBeVisible();
  await expect(page.locator('#list-summary')).toHaveText('20 Tiere gezeigt');
  await expect(page.getByRole('table', { name: 'Tiere in Demo (local)' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Kategorie' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('radio', { name: 'Verfügbar' })).toBeVisible();
  await page.getByRole('button', { name: 'Tastenkürzel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tastenkürzel' });
  await expect(dialog).toContainText('Nach ID oder Name suchen');
  await dialog.getByRole('button', { name: 'Schließen' }).click();

  // Back to the system's language: English here.
  await page.getByRole('button', { name: 'Einstellungen', exact: true }).click();
  await page.getByLabel('Sprache', { exact: true }).selectOption('system');
  await expect(ui.nav('Settings')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('Settings, the header and the list in German, French and Spanish at 1024×640, no label cut short', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.rows()).toHaveCount(20);
  await ui.nav('Settings').click();
  await page.setViewportSize(WINDOW_SIZES[0]);
  for (const [language, heading] of [
    ['de', 'Einstellungen'],
    ['fr', 'Réglages'],
    ['es', 'Ajustes'],
  ] as const) {
    await page.locator('#language').selectOption(language);
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    await expectNothingCutShort(page, `on Settings in ${language}`);
    await petstore.snap(`settings and header, ${language} (1024×640)`);
    // The animals screen too: its filter, column names and buttons.
    const nav = page.getByRole('navigation').getByRole('button');
    await nav.first().click();
    // The table is named in the language in use: found here by its class.
    await expect(page.locator('table.pets tbody tr')).toHaveCount(20);
    await expectNothingCutShort(page, `over the list in ${language}`);
    await petstore.snap(`animals, ${language} (1024×640)`);
    await nav.nth(2).click();
  }
});

test('the pseudo-locale marks every converted text, so hard-coded English stands out', async ({ petstore }) => {
  const { page } = petstore;
  await page.evaluate("localStorage.setItem('language', 'pseudo')");
  await page.reload();
  await expect(page.locator('.connection')).toHaveText('[Ôñļîñé]');
  await expect(page.locator('#list-summary')).toHaveText('[20 áñîmáļš šĥöŵñ]');
  const bracketed = /^\[.+\]/;
  await expect(page.getByTestId('environment-band')).toHaveText(bracketed);
  await expect(page.locator('header h1')).toHaveText(bracketed);
  for (const button of await page.getByRole('navigation').getByRole('button').all()) {
    await expect(button).toHaveText(bracketed);
  }
  await page.getByRole('navigation').getByRole('button').nth(2).click();
  await expect(page.locator('#settings-title')).toHaveText('[Šéţţîñĝš]');
  await page.setViewportSize(WINDOW_SIZES[0]);
  await petstore.snap('settings and header, pseudo (1024×640)');
});
