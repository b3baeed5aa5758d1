import { expect, test } from './fixtures';
import { everyLook } from './support/looks';
import { screens } from './support/screens';

test('one search box finds an animal by id or by name (accents ignored), also in the saved lists', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await ui.limit().fill('100');
  await ui.refresh().click();
  const all = await service.pets();
  await expect(ui.rows()).toHaveCount(Math.min(100, all.length));

  // "zoe" finds "Zoë".
  await ui.quickFilter().fill('zoe');
  await expect(ui.row('Zoë')).toBeVisible();
  await expect(ui.rows()).toHaveCount(1);

  // An id is matched exactly.
  const zoe = all.find((pet) => pet.name === 'Zoë');
  if (!zoe) throw new Error('the demo data has Zoë');
  await ui.quickFilter().fill(zoe.id);
  await expect(ui.rows().first()).toContainText(zoe.id);

  // With only 5 sold rows shown, the search still reaches the saved list of 100.
  await ui.quickFilter().fill('');
  await ui.statusFilter('Sold').check();
  await ui.limit().fill('5');
  await ui.refresh().click();
  await expect(ui.rows()).toHaveCount(Math.min(5, all.filter((pet) => pet.status === 'sold').length));
  await ui.quickFilter().fill('zoe');
  const saved = ui.rows().filter({ hasText: 'Zoë' });
  await expect(saved).toContainText('from a saved list');
  await everyLook(petstore, 'search reaching a saved list');
});

test('columns sort on a click — ids as numbers, names by the language — and the order is remembered', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.rows()).toHaveCount(20);
  const idHeader = page.getByRole('columnheader', { name: 'Id' });
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });

  await idHeader.getByRole('button').click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await ui.rows().locator('td:first-child').allTextContents();
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
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  expect(names).toEqual([...names].sort((a, b) => collator.compare(b, a)));
  await everyLook(petstore, 'sorted by name, descending');

  await page.reload();
  await expect(ui.rows()).toHaveCount(20);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
});
