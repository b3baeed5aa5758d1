import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screens } from './support/screens';
import { WINDOW_SIZES } from './support/looks';

/** Text cut short in the header, on Settings, over the list, on the add form or the lookup: content wider than its box. */
const CUT_SHORT = `(() => {
  const boxes = [...document.querySelectorAll('header :is(button, h1, .band span, .connection),'
    + ' section[aria-labelledby="settings-title"] :is(button, label, legend, h2, h3, p),'
    + ' section[aria-labelledby="animals-title"] :is(h2, .actions button, label, thead button, #list-summary),'
    + ' section[aria-labelledby="add-title"] :is(h2, button, label, .counter, p),'
    + ' section[aria-labelledby="lookup-title"] :is(h2, h3, button, label, dt, p)')]
    .filter((box) => box.clientWidth > 0);
  const cut = boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.textContent.trim());
  return { checked: boxes.length, cut };
})()`;

/**
 * The visible text of a section that is not a whole pseudo-locale message ("[…]"), with each
 * aria-label, placeholder and select option: what is left is hard-coded English or data.
 */
const UNMARKED = (section: string) => `(() => {
  const root = document.querySelector('section[aria-labelledby="${section}"]');
  if (!root) return ['no section ${section}'];
  const marked = (text) => /^\\[[^]*\\]$/.test(text);
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('datalist')) continue;
    const shown = parent.tagName === 'OPTION' ? parent.closest('select').checkVisibility() : parent.checkVisibility();
    if (shown && !marked(text)) found.push(text);
  }
  for (const element of [root, ...root.querySelectorAll('[aria-label], [placeholder]')]) {
    for (const name of ['aria-label', 'placeholder']) {
      const value = element.getAttribute(name);
      if (value && !marked(value)) found.push(name + ': ' + value);
    }
  }
  return found;
})()`;

/** Every text in a section comes from the catalogue: anything unmarked must be data (names, ids, the service's words). */
async function expectAllMarked(page: Page, section: string, data: string[] = []): Promise<void> {
  const unmarked = await page.evaluate<string[]>(UNMARKED(section));
  expect(
    unmarked.filter((text) => !data.includes(text)),
    `unmarked text in ${section}`,
  ).toEqual([]);
}

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
  await expect(page.getByRole('table', { name: 'Tiere in Demo (lokal)' })).toBeVisible();
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

test('the add form and the lookup in German at 1024×640, no label cut short', async ({ petstore }) => {
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.rows()).toHaveCount(20);
  await ui.nav('Settings').click();
  await page.locator('#language').selectOption('de');
  await page.setViewportSize(WINDOW_SIZES[0]);
  const nav = page.getByRole('navigation', { name: 'Ansichten' });

  await nav.getByRole('button', { name: 'Tiere', exact: true }).click();
  await page.getByRole('button', { name: 'Tier hinzufügen', exact: true }).click();
  const form = page.getByRole('region', { name: 'Tier hinzufügen' });
  await expect(form.getByLabel('Kategorie', { exact: true })).toHaveAttribute('placeholder', 'Ein Name oder die ID');
  await expect(form.locator('.counter')).toHaveText('0 / 200 Zeichen');
  await form.getByRole('button', { name: 'Tier hinzufügen', exact: true }).click();
  await expect(form).toContainText('Bitte einen Namen eingeben');
  await expect(form).toContainText('Wählen Sie eine Kategorie oder geben Sie ihre ID ein');
  await form.getByLabel('Name', { exact: true }).fill('x'.repeat(203));
  await expect(form).toContainText('Namen haben höchstens 200 Zeichen: 3 zu viel');
  await expectNothingCutShort(page, 'on the add form in German');
  await petstore.snap('add form, de (1024×640)');

  await nav.getByRole('button', { name: 'Nach ID suchen', exact: true }).click();
  const lookup = page.getByRole('region', { name: /^Nach ID suchen/ });
  await expect(lookup.getByRole('heading', { level: 3 })).toHaveText(
    /^Die Suche nach ID wird am 5\. Dezember 2030 eingestellt — noch [\d.]+ Tage$/,
  );
  await lookup.getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(lookup).toContainText('Geben Sie eine ID ein, z. B. 42');
  await lookup.getByLabel('Tier-ID').fill('12abc');
  await expect(lookup).toContainText('Geben Sie eine ganze Zahl ein, z. B. 42');
  await expectNothingCutShort(page, 'on the lookup in German');
  await petstore.snap('lookup, de (1024×640)');
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

  // The add form: its labels, counter, status choices and its own checks.
  await page.getByRole('button', { name: '[Åðð áñ áñîmáļ]', exact: true }).click();
  const form = page.locator('section[aria-labelledby="add-title"]');
  await expect(form.locator('.counter')).toHaveText('[0 / 200 çĥáŕáçţéŕš]');
  await expectAllMarked(page, 'add-title');
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('#pet-name-message')).toHaveText(bracketed);
  await form.locator('#pet-category').fill('1.5');
  await form.locator('#pet-name').fill('x'.repeat(201));
  await expect(form.locator('#pet-name-message')).toHaveText(bracketed);
  await expectAllMarked(page, 'add-title');

  // The lookup: the deprecation notice, the form, its checks and a found animal.
  const pepper = (await petstore.service.pets()).find((pet) => pet.name === 'Pepper');
  if (!pepper) throw new Error('The demo data has no Pepper');
  await page.getByRole('navigation').getByRole('button').nth(1).click();
  const lookup = page.locator('section[aria-labelledby="lookup-title"]');
  await expect(lookup.locator('h3')).toHaveText(/^\[.+— \[\d+ ðáýš ļéfţ\]\]$/);
  await expectAllMarked(page, 'lookup-title');
  await lookup.locator('button[type="submit"]').click();
  await expect(lookup.locator('#lookup-id-message')).toHaveText(bracketed);
  await expectAllMarked(page, 'lookup-title');
  await lookup.locator('#lookup-id').fill(pepper.id);
  await lookup.locator('#lookup-id').press('Enter');
  await expect(lookup.locator('.pet-card')).toContainText(pepper.name);
  await expectAllMarked(page, 'lookup-title', [pepper.id, pepper.name, pepper.categoryId]);
  await petstore.snap('lookup, pseudo');

  await page.getByRole('navigation').getByRole('button').nth(2).click();
  await expect(page.locator('#settings-title')).toHaveText('[Šéţţîñĝš]');
  await page.setViewportSize(WINDOW_SIZES[0]);
  await petstore.snap('settings and header, pseudo (1024×640)');
});
