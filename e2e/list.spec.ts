import { expect, test } from './fixtures';
import { escapeRegExp, screens } from './support/screens';

test('the list shows the demo animals with status badges, filters by status and by name', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const all = await service.pets();

  await expect(ui.rows()).toHaveCount(Math.min(20, all.length));
  await expect(ui.band()).toHaveText('DEMO');
  await expect(ui.band()).toHaveAttribute('title', 'DEMO — training data');
  await expect(ui.connection()).toHaveText(/Online/);
  await petstore.snap('animals list');

  await ui.statusFilter('Sold').check();
  const sold = all.filter((pet) => pet.status === 'sold');
  await expect(ui.rows()).toHaveCount(Math.min(20, sold.length));
  await expect(ui.badges().filter({ hasNotText: /^Sold$/ })).toHaveCount(0);

  await ui.statusFilter('All').check();
  const first = all[0];
  if (!first) throw new Error('The demo service has no animals');
  await ui.quickFilter().fill(first.name.toUpperCase());
  await expect(ui.row(first.name)).toBeVisible();
  await expect(ui.names().filter({ hasNotText: new RegExp(escapeRegExp(first.name), 'i') })).toHaveCount(0);
  await ui.quickFilter().fill('no animal is called this');
  await expect(
    page.getByText('No animal shown or saved here has the id or a name with “no animal is called this”.'),
  ).toBeVisible();
  await petstore.snap('animals list, empty after filtering');
});

test('the limit is checked as it is typed and never sent outside 1 to 100', async ({ petstore }) => {
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.rows()).toHaveCount(20);

  for (const [text, message] of [
    ['0', 'Rows: a whole number from 1 to 100'],
    ['101', 'Rows: a whole number from 1 to 100'],
    ['2.5', 'Rows: a whole number from 1 to 100'],
  ] as const) {
    await ui.limit().fill(text);
    await expect(page.getByText(message)).toBeVisible();
    await expect(ui.limit()).toHaveAttribute('aria-invalid', 'true');
    await expect(ui.refresh()).toBeDisabled();
  }
  await ui.limit().press('Enter');
  await expect(ui.rows()).toHaveCount(20);

  await ui.limit().fill('5');
  await ui.limit().press('Enter');
  await expect(ui.rows()).toHaveCount(5);
  await expect(ui.summary()).toHaveText('5 animals shown');
});

test('a list the service cannot give, with nothing saved, says so and offers to try again', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.rows()).toHaveCount(20);
  await service.stop();

  // Fifty rows were never asked for, and the saved twenty cannot stand in for them (any status could, taken from them).
  await ui.limit().fill('50');
  await ui.limit().press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: /./ });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(ui.rows()).toHaveCount(0);
  await expect(ui.connection()).toHaveText('Service unreachable');
  await petstore.snap('animals list, error state');

  await service.start();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(ui.rows()).not.toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});
