import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { screens } from './support/screens';

// A toast is worded as it is drawn: one up while the clerk switches language reads in the new one, not left in the
// old language on a screen that speaks the new.
test('the export’s toast, up while the clerk switches to German in Settings, reads in German', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  // The toast's few seconds stand still while the clerk goes to Settings: the story does not race them.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);

  const downloading = page.waitForEvent('download');
  await ui.listAction('Export the whole shop (CSV)');
  await downloading;
  const toast = page.locator('.toast');
  await expect(toast).toHaveText(/^Exported 40 animals to petstore-demo-whole-shop-.*\.csv\.$/);

  await ui.nav('Settings').click();
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await expect(page.getByRole('heading', { name: 'Einstellungen', exact: true })).toBeVisible();
  await expect(toast).toHaveText(/^40 Tiere nach petstore-demo-whole-shop-.*\.csv exportiert\.$/);
});
