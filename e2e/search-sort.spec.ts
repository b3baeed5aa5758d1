import { expect, test, type PetstoreApp } from './fixtures';
import { everyLook } from './support/looks';
import { screens } from './support/screens';

const countsAll = (all: readonly unknown[]) => new RegExp(`^${String(all.length)} animals`);

/** Every animal of the shop, once the list's summary counts them all. */
async function allListed({ page, service }: PetstoreApp) {
  const all = await service.allPets();
  await expect(screens(page).summary()).toHaveText(countsAll(all));
  return all;
}

test('one search box finds an animal by id or by name (accents ignored) in the whole shop; Esc clears it', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  const all = await allListed(petstore);

  // "zoe" finds "Zoë".
  await ui.quickFilter().fill('zoe');
  await expect(ui.row('Zoë')).toBeVisible();
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.summary()).toHaveText(`1 of ${String(all.length)}`);

  // An id is matched exactly, as text.
  const zoe = all.find((pet) => pet.name === 'Zoë');
  if (!zoe) throw new Error('the demo data has Zoë');
  await ui.quickFilter().fill(zoe.id);
  await expect(ui.rows().first()).toContainText(zoe.id);

  // With the Sold chip on, the search still covers every sold animal of the shop.
  await ui.statusFilter('Sold').check();
  await ui.quickFilter().fill('');
  const sold = all.filter((pet) => pet.status === 'sold');
  await expect(ui.summary()).toHaveText(`${String(sold.length)} of ${String(all.length)}`);
  await everyLook(petstore, 'sold animals of the whole shop');

  // Esc empties the box first; the chip stays.
  await ui.quickFilter().fill('zo');
  await ui.quickFilter().press('Escape');
  await expect(ui.quickFilter()).toHaveValue('');
  await expect(ui.statusFilter('Sold')).toBeChecked();
});

test('columns sort on a click — ids as numbers, names by the language — and the order is remembered', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  const all = await allListed(petstore);
  const idHeader = page.getByRole('columnheader', { name: 'Id' });
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });

  await idHeader.getByRole('button').click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await ui.rows().locator('td:first-child').allTextContents();
  expect(ascending.length).toBeGreaterThan(10);
  expect(ascending).toEqual(
    [...ascending].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)),
  );

  // From the keyboard: Tab to the Name header and press Enter, twice for descending.
  await nameHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(idHeader).not.toHaveAttribute('aria-sort');
  const names = await ui.names().allTextContents();
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const expected = all.map((pet) => pet.name).sort((a, b) => collator.compare(b, a));
  expect(names.map((name) => name.trim())).toEqual(expected.slice(0, names.length));
  await everyLook(petstore, 'sorted by name, descending');

  await page.reload();
  await expect(ui.summary()).toHaveText(countsAll(all));
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
});

test('a new sort, status or search shows the list from its top, not mid-list where the clerk had scrolled', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  // A short window: a screenful is a few rows, so even the available animals alone scroll.
  await page.setViewportSize({ width: 1024, height: 480 });
  await allListed(petstore);
  const grid = page.locator('div:has(> table.pets)');
  const scrolled = () => grid.evaluate((box: { scrollTop: number }) => box.scrollTop);
  const scrollDown = async () => {
    await grid.evaluate((box: { scrollTop: number; scrollHeight: number }) => (box.scrollTop = box.scrollHeight));
    await expect.poll(scrolled).toBeGreaterThan(100);
  };
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });

  await scrollDown();
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(scrolled).toBe(0);
  await scrollDown();
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(scrolled).toBe(0);

  await scrollDown();
  await ui.statusFilter('Available').check();
  await expect.poll(scrolled).toBe(0);
  await scrollDown();
  await ui.quickFilter().fill('a');
  await expect.poll(scrolled).toBe(0);
});
