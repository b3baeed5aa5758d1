import { expect, test } from './fixtures';
import { screens } from './support/screens';

test.slow(); // A shop of 260 animals is filled over HTTP first.

test('the whole shop at the counter: 260 animals, the 260th found by name and by id, the true totals', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await service.fillTo(260);
  const all = await service.allPets();
  expect(all).toHaveLength(260);
  const last = all.at(-1);
  if (!last) throw new Error('the shop has animals');
  const available = all.filter((pet) => pet.status === 'available').length;

  // Refresh brings the animals another counter added: every one of them, no paging.
  await ui.refresh().click();
  await expect(ui.summary()).toHaveText(`260 animals · ${String(available)} available`);
  await expect(ui.band()).toHaveText('DEMO');
  await expect(ui.band()).toHaveAttribute('title', 'DEMO — training data');
  await petstore.snap('the whole shop');

  // By name (any part, any case) and by id: from the last page the service lists, at once.
  await ui.quickFilter().fill(last.name.toUpperCase().slice(2));
  await expect(ui.row(last.name)).toBeVisible();
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.summary()).toHaveText('1 of 260');
  await ui.quickFilter().fill(last.id);
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.rows().first().getByRole('cell').first()).toHaveText(last.id);

  // Esc clears the search; the totals are back.
  await ui.quickFilter().press('Escape');
  await expect(ui.quickFilter()).toHaveValue('');
  await expect(ui.summary()).toHaveText(`260 animals · ${String(available)} available`);

  // A status over the whole shop: "87 of 260", every row of it.
  await ui.statusFilter('Available').check();
  await expect(ui.summary()).toHaveText(`${String(available)} of 260`);
  await expect(ui.badges().filter({ hasNotText: /^Available$/ })).toHaveCount(0);
  await ui.statusFilter('All').check();

  await ui.quickFilter().fill('no animal is called this');
  await expect(
    page.getByText('No animal in the shop has the id or a name with “no animal is called this”.'),
  ).toBeVisible();
  await expect(ui.summary()).toHaveText('0 of 260');
  await petstore.snap('a search that finds nothing in the whole shop');
});

test('an animal added offline is a “not sent yet” row, found by search, and once the service is back, one row with its id', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.summary()).toHaveText(/^40 animals/);
  await service.stop();

  // Added while a search for something else is active: shown all the same, marked.
  await ui.quickFilter().fill('zoe');
  const form = await ui.openAddForm();
  await form.name.fill('Bubbles Offline');
  await form.category.fill('2');
  await form.submit.click();
  await expect(ui.notSentRow('Bubbles Offline')).toBeVisible();
  await expect(ui.notSentRow('Bubbles Offline').getByRole('cell').first()).toHaveText('–');
  await expect(ui.notSentRow('Bubbles Offline')).toContainText('Cats (2)');
  await page.keyboard.press('Escape');
  await petstore.snap('an animal not sent yet, among the search results');

  // After a reload (nothing "just added" any more) the search finds it, sorted with the rest.
  await page.reload();
  await expect(ui.summary()).toHaveText(/^41 animals/);
  await ui.quickFilter().fill('bubbles off');
  await expect(ui.notSentRow('Bubbles Offline')).toBeVisible();
  await expect(ui.rows()).toHaveCount(1);
  await ui.quickFilter().fill('');
  // Sorted with the rest: by id, descending, it has the newest place (the service will give it the next id).
  const idHeader = page.getByRole('columnheader', { name: 'Id' }).getByRole('button');
  await idHeader.click();
  await idHeader.click();
  await expect(ui.rows().first()).toContainText('Bubbles Offline');

  // The service is back: the row becomes the service's, with its id; never two rows, never a second animal.
  await service.start();
  const named = ui.rows().filter({ has: page.getByRole('button', { name: 'Bubbles Offline', exact: true }) });
  await expect(named.getByRole('cell').first()).toHaveText(/^\d+$/, { timeout: 20_000 });
  await expect(named).toHaveCount(1);
  await expect(named).not.toContainText('not sent yet');
  const created = (await service.allPets()).filter((pet) => pet.name === 'Bubbles Offline');
  expect(created).toHaveLength(1);
  await expect(named.getByRole('cell').first()).toHaveText(created[0]?.id ?? '');
  await expect(ui.summary()).toHaveText(/^41 animals/);
});
