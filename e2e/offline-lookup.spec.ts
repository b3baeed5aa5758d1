import { expect, test } from './fixtures';
import { clock } from './support/catalogue-text';
import { everyLook } from './support/looks';
import { screens } from './support/screens';

test.slow(); // Screenshots with an axe scan each, at two sizes and in two schemes.

test('offline, the lookup and a status filter answer from the catalogue and say so', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  // The counter opens on the list: the shop's catalogue is now on this computer.
  await expect(ui.rows().first()).toBeVisible();
  const shop = await service.pets();
  const saved = shop.slice(0, 20);
  const inSaved = saved.find((pet) => pet.status === 'sold') ?? saved[0];
  const beyondRows = shop[30];
  if (!inSaved || !beyondRows) throw new Error('The demo data is smaller than expected');
  const notInShop = '999999';

  // The shop's service goes down, long before the lookup's removal date.
  await service.stop();
  await ui.nav('Look up by id').click();
  const id = page.getByLabel('Animal id');
  await id.fill(inSaved.id);
  await id.press('Enter');
  await expect(page.locator('.pet-card')).toContainText(inSaved.name);
  await expect(page.getByTestId('lookup-source')).toHaveText(
    new RegExp(
      `^Copy from ${clock()} — the service could not be reached at ${clock()}, so this comes from the shop’s catalogue on this computer\\. It may have changed since\\.$`,
    ),
  );
  await everyLook(petstore, 'lookup offline, from the catalogue');

  // An animal beyond the rows on screen is in the catalogue of the whole shop: found offline too.
  await id.fill(beyondRows.id);
  await id.press('Enter');
  await expect(page.locator('.pet-card')).toContainText(beyondRows.name);

  // An id the shop does not have: the clerk is told both, and the earlier answer is gone.
  await id.fill(notInShop);
  await id.press('Enter');
  await expect(page.getByRole('alert')).toContainText(
    `The service cannot be reached, and no animal with id ${notInShop} is in the shop’s catalogue on this computer.`,
  );
  await expect(page.locator('.pet-card')).toHaveCount(0);
  await expect(page.getByTestId('lookup-source')).toHaveCount(0);
  await everyLook(petstore, 'lookup offline, an id not saved');

  // Offline, a status filter reads the catalogue: every sold animal of the shop, not only those once on screen.
  await ui.nav('Animals').click();
  await ui.statusFilter('Sold').check();
  const sold = shop.filter((pet) => pet.status === 'sold');
  await expect(ui.rows()).toHaveCount(sold.length);
  for (const pet of sold) await expect(ui.row(pet.name)).toBeVisible();
  await everyLook(petstore, 'sold animals offline, from the catalogue');
});
