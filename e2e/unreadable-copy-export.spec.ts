import { readFile } from 'node:fs/promises';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { copyChangedOvernight, nextMorning, quiet } from './support/overnight';
import { screens } from './support/screens';

// The clerk adds Biscuit and Pepper in the evening; both are sent. Overnight the saved copy of the shop is damaged, and
// in the morning the service cannot be reached. The count rightly says the shop is not loaded yet; the manager asks for
// "Export the whole shop" for the stock count. The file must not pass the two animals added here for the whole shop of
// 42: it says, as the list does, that the shop is not loaded (or the export is not offered).
test('the shop’s copy damaged overnight, the service down: “Export the whole shop” does not hand over the two animals added here as the shop', async ({
  petstore,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
  test.setTimeout(120_000);
  const folder = await copyChangedOvernight(petstore, (text) => `${'\u0000'.repeat(8)}${text.slice(8)}`);

  await nextMorning(
    petstore,
    browser,
    folder,
    async (morning) => {
      const m = screens(morning);
      await expect(m.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
      await expect(m.row('Biscuit')).toBeVisible();
      await expect(m.summary()).toHaveText('Not loaded yet');

      const exportShop = morning.getByRole('button', { name: 'Export the whole shop (CSV)', exact: true });
      await morning.getByRole('button', { name: 'Export and print', exact: true }).click();
      if (await exportShop.isDisabled()) return;
      const downloading = morning.waitForEvent('download');
      await exportShop.click();
      const lines = (await readFile(await (await downloading).path(), 'utf8')).split('\r\n').filter(Boolean);
      // The headings first, then Biscuit and Pepper: a stock count of two animals, with no word that the shop is not
      // loaded. Its first line must say so, as the count beside the search box does.
      expect(lines[0]?.replace('\uFEFF', ''), `the file: ${lines.join(' | ')}`).not.toBe(
        'Id,Name,Category,Category id,Status,Note',
      );
    },
    quiet,
  );
});
