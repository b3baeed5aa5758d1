import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { copyChangedOvernight, offlineMorning } from './support/overnight';
import { screens } from './support/screens';

// Overnight the saved copy of the shop is damaged, and in the morning the service cannot be reached: the shop is not
// loaded, and only the animals added at this counter can be shown. Every screen, and every file, says so once.
const damaged = (text: string) => `${'\u0000'.repeat(8)}${text.slice(8)}`;
const NOTE = 'The shop’s animals are not loaded yet: only those added on this computer are here.';

/** "Export the whole shop" as the manager asks for it for the stock count: the file's lines. */
async function wholeShopFile(morning: Page): Promise<string[]> {
  await morning.getByRole('button', { name: 'Export and print', exact: true }).click();
  const downloading = morning.waitForEvent('download');
  await morning.getByRole('button', { name: 'Export the whole shop (CSV)', exact: true }).click();
  return (await readFile(await (await downloading).path(), 'utf8')).split('\r\n').filter(Boolean);
}

test.describe('the shop’s copy damaged overnight, the service down in the morning', () => {
  test.setTimeout(120_000);

  test('“Export the whole shop” does not hand over the two animals added here as the shop: its first line says it is not loaded', async ({
    petstore,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
    const folder = await copyChangedOvernight(petstore, damaged);
    await offlineMorning(petstore, browser, folder, async (morning) => {
      const m = screens(morning);
      await expect(m.row('Biscuit')).toBeVisible();
      await expect(m.summary()).toHaveText('Not loaded yet');
      const lines = await wholeShopFile(morning);
      // Seen before: the headings, then Biscuit and Pepper — a stock count of two animals, with no word.
      expect(lines[0]?.replace('\uFEFF', ''), `the file: ${lines.join(' | ')}`).toContain(NOTE);
      expect(lines.some((line) => line.startsWith('42,Pepper'))).toBe(true);
    });
  });

  test('nothing added here: “Export the whole shop” does not hand over an empty shop with no word', async ({
    petstore,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
    const folder = await copyChangedOvernight(petstore, damaged, []);
    await offlineMorning(petstore, browser, folder, async (morning) => {
      const m = screens(morning);
      await expect(m.summary()).toHaveText('Not loaded yet');
      // Seen before: the headings alone.
      const lines = await wholeShopFile(morning);
      expect(lines[0]?.replace('\uFEFF', ''), `the file: ${lines.join(' | ')}`).toContain(NOTE);
    });
  });

  test('a search that hides the animals added here: “not loaded yet” is said once, by the grid', async ({
    petstore,
    browser,
  }) => {
    const folder = await copyChangedOvernight(petstore, damaged);
    await offlineMorning(petstore, browser, folder, async (morning) => {
      const m = screens(morning);
      await expect(m.row('Biscuit')).toBeVisible();
      await expect(morning.getByTestId('list-note')).toHaveText(NOTE);

      // A customer asks for Rex. The grid says the shop is not loaded; the note above it, "only those added on this
      // computer are here" over a grid that shows none of them, goes.
      await morning.getByRole('searchbox', { name: 'Search by id or name' }).fill('Rex');
      await expect(
        morning.getByText(/^The animals of .+ are not loaded yet: they come with the service’s first answer\.$/),
      ).toBeVisible();
      await expect(morning.getByTestId('list-note'), 'the note over a grid that already says it').toBeHidden();
    });
  });
});
