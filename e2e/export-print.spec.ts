import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { everyLook } from './support/looks';
import { screens } from './support/screens';

test('the rows on screen export as CSV that reads back exactly, and print with the environment and time', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
  const { page, service } = petstore;
  const ui = screens(page);
  await ui.limit().fill('100');
  await ui.refresh().click();
  const all = await service.pets();
  await expect(ui.rows()).toHaveCount(Math.min(100, all.length));
  await ui.statusFilter('Sold').check();
  const sold = all.filter((pet) => pet.status === 'sold');
  await expect(ui.rows()).toHaveCount(sold.length);
  await everyLook(petstore, 'sold animals, ready to export');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^petstore-demo-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const { data, errors } = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
  expect(errors).toEqual([]);
  expect(data[0]).toEqual(['Id (text)', 'Name', 'Category id (text)', 'Status', 'Read from']);
  const shownIds = await ui.rows().locator('td:first-child').allTextContents();
  expect(data.slice(1).map((row) => row[0])).toEqual(shownIds);
  expect(
    data
      .slice(1)
      .map((row) => row[1])
      .sort(),
  ).toEqual(sold.map((pet) => pet.name).sort());
  await expect(page.getByText(/^Exported \d+ animals? to petstore-demo-/)).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-header')).toBeVisible();
  await expect(page.getByTestId('print-header')).toContainText('Demo (local)');
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  // A printed list is for reading: its buttons stay on screen (the column names are the table's own).
  await expect(page.getByRole('button', { name: /^(Refresh|Add an animal|Print)$/ })).toHaveCount(0);
  await expect(ui.band()).toBeVisible();
  await petstore.snap('print preview');
});
