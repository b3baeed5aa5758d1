import { expect, test } from './fixtures';
import { onTheList, openAdministration } from './support/screens';

// The other screens in every language, and the pseudo-locale's check of the catalogue: languages-*.spec.ts.

test('Settings → Language puts the screens in German, and the choice outlives a reload', async ({ petstore }) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  await ui.nav('Settings').click();
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  // Main is told, so its own dialogs speak German too (the preview records it; the shell's menu: shell-wiring.test.ts).
  const { preview } = petstore;
  if (preview) await expect.poll(() => preview.reportedLanguage()).toBe('de');

  const nav = page.getByRole('navigation', { name: 'Ansichten' });
  await expect(nav.getByRole('button', { name: 'Einstellungen', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 2 })).toBeVisible();
  await expect(ui.band()).toHaveAttribute('title', 'DEMO — Übungsdaten');
  await expect(page.getByLabel('Umgebung', { exact: true })).toBeVisible();
  await openAdministration(page);
  await expect(page.getByRole('list', { name: 'Umgebungen' })).toContainText('In Gebrauch · Schlüssel gespeichert');
  await expect(page.getByRole('group', { name: 'Barcode-Scanner' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Testen und speichern' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Ansichten' }).getByRole('button', { name: 'Tiere' }),
  ).toBeVisible();
  await expect(page.locator('#list-summary')).toHaveText(/^\d+\s+Tiere\s*·\s*\d+\s+verfügbar$/);
  await expect(page.getByLabel('Umgebung', { exact: true }).locator('option:checked')).toHaveText('Demo (lokal)');
  await expect(page.getByRole('table', { name: 'Tiere in Demo (lokal)' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Kategorie' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('radio', { name: 'Verfügbar' })).toBeVisible();
  await page.getByRole('button', { name: 'Tastenkürzel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tastenkürzel' });
  await expect(dialog).toContainText('Nach ID oder Name suchen');
  await expect(dialog).toContainText('Strg+N');
  await dialog.getByRole('button', { name: 'Schließen' }).click();

  // Back to the system's language: English here.
  await page.getByRole('button', { name: 'Einstellungen', exact: true }).click();
  await page.getByLabel('Sprache', { exact: true }).selectOption('system');
  await expect(ui.nav('Settings')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  if (preview) await expect.poll(() => preview.reportedLanguage()).toBe('en');
});
