import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import Papa from 'papaparse';
import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { everyLook } from './support/looks';
import { screens } from './support/screens';
import { startTour } from './support/tour';

/** The file's rows; its name says what it holds, so this view and the whole shop never take one name. */
async function csvOf(download: Download, holds: 'view' | 'whole-shop'): Promise<string[][]> {
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^petstore-demo-${holds}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.csv$`),
  );
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const { data, errors } = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data;
}

const exported = async (page: Page, holds: 'view' | 'whole-shop', action: () => Promise<void>) => {
  const downloading = page.waitForEvent('download');
  await action();
  return csvOf(await downloading, holds);
};

test('this view or the whole shop exports as CSV with plain column names and the category’s name', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.exportDialog);
  const { page, service } = petstore;
  const ui = screens(page);
  await service.fillTo(130);
  await ui.refresh().click();
  const all = await service.allPets();
  await expect(ui.summary()).toHaveText(/^130 animals/);
  await ui.statusFilter('Available').check();
  await ui.quickFilter().fill('a');
  const view = all.filter((pet) => pet.status === 'available' && pet.name.toLowerCase().includes('a'));
  await expect(ui.summary()).toHaveText(`${String(view.length)} of 130`);
  await everyLook(petstore, 'available animals with an “a”, ready to export');

  const header = ['Id', 'Name', 'Category', 'Category id', 'Status', 'Note'];
  const viewCsv = await exported(page, 'view', () => ui.listAction('Export this view (CSV)'));
  expect(viewCsv[0]).toEqual(header);
  expect(viewCsv.slice(1).map((row) => row[0])).toEqual(view.map((pet) => pet.id));
  expect(new Set(viewCsv.slice(1).map((row) => row[4]))).toEqual(new Set(['Available']));
  await expect(page.getByText(/^Exported \d+ animals? to petstore-demo-view-/)).toBeVisible();

  // The whole shop, whatever the view: every animal, each once, with the demo's category names.
  const shopCsv = await exported(page, 'whole-shop', () => ui.listAction('Export the whole shop (CSV)'));
  expect(shopCsv[0]).toEqual(header);
  expect(shopCsv.slice(1).map((row) => row[0])).toEqual(all.map((pet) => pet.id));
  const cat = shopCsv.slice(1).find((row) => row[3] === '2');
  expect(cat?.[2]).toBe('Cats');
});

test('print shows only the list, under a heading with the shop’s environment, the time and the scope', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.summary()).toHaveText(/^40 animals/);
  await ui.statusFilter('Sold').check();
  await page.evaluate('window.print = () => {}');
  await ui.listAction('Print this view');
  await page.emulateMedia({ media: 'print' });
  const heading = page.getByTestId('print-header');
  await expect(heading).toBeVisible();
  await expect(heading).toContainText('Demo (local)');
  await expect(heading).toContainText(/Sold: \d+ of 40/);
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeHidden();
  await expect(ui.quickFilter()).toBeHidden();
  await expect(page.getByRole('button', { name: /^(Refresh|Add an animal|Export and print)$/ })).toHaveCount(0);
  await expect(ui.band()).toBeVisible();
  // The paper names the environment in its heading and band: not the picker or the sync badge of the screen.
  await expect(ui.environment()).toBeHidden();
  await expect(ui.connection()).toBeHidden();
  await petstore.snap('print preview, this view');

  await page.emulateMedia({ media: 'screen' });
  await ui.listAction('Print the whole shop');
  await page.emulateMedia({ media: 'print' });
  await expect(heading).toContainText('the whole shop: 40 animals');
  // Every animal of the shop is on paper, not only the rows in view.
  await expect(ui.rows()).toHaveCount(40);
  await petstore.snap('print preview, the whole shop');
});

// Paper has no tooltip: a pedigree name cut with "…" on screen is printed whole for the breeder.
test('a long name is printed whole, not cut with "…" as on screen (de, 1024×640)', async ({ petstore }) => {
  const { page, service } = petstore;
  const princess = (await service.allPets()).find((pet) => pet.name.startsWith('Princess Buttercup'));
  if (!princess) throw new Error('the demo has Princess Buttercup');
  const { say } = await startTour(petstore, 'de');
  await page.getByLabel(say('list.search')).fill('Princess');
  await expect(page.locator('#list-summary')).toHaveText(/^1 von /);

  await page.evaluate('window.print = () => {}');
  await page.getByRole('button', { name: say('list.moreActions'), exact: true }).click();
  await page.getByRole('button', { name: say('list.printView'), exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-header')).toBeVisible();

  const name = page.getByRole('button', { name: princess.name, exact: true });
  const cut = await name.evaluate(
    (shown: { scrollWidth: number; clientWidth: number }) => shown.scrollWidth > shown.clientWidth,
  );
  expect(cut, `the printed name, ${String(princess.name.length)} letters, cut short`).toBe(false);
});
