import { expect, test } from './fixtures';
import { everyLook } from './support/looks';
import { screens } from './support/screens';

test.slow(); // Eight screenshots with an axe scan each per test.

test('a full page says the service may hold more; Load more follows the service’s next link to the end', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const paging = page.getByTestId('list-paging');
  const loadMore = page.getByRole('button', { name: 'Load more', exact: true });

  // The demo shop has 40 animals; the list opens with 20 rows.
  await expect(ui.rows()).toHaveCount(20);
  await expect(paging).toContainText('Showing the first 20 animals — the service may hold more.');
  await expect(loadMore).toBeVisible();
  await expect(paging.getByRole('button', { name: 'Show 100 rows' })).toBeVisible();
  await expect(paging.getByRole('button', { name: 'Filter by status' })).toBeVisible();
  await everyLook(petstore, 'a full page with Load more', paging);

  await loadMore.click();
  await expect(ui.rows()).toHaveCount(40);
  await expect(paging).toContainText('Showing the first 40 animals — the service may hold more.');
  // The service's last page was full, so its link leads to an empty page: then nothing more is offered.
  await loadMore.click();
  await expect(loadMore).toHaveCount(0);
  await expect(paging).toHaveCount(0);
  await expect(ui.rows()).toHaveCount(40);
  const shown = await page.locator('table.pets tbody td:first-child').allTextContents();
  const all = (await service.pets()).map((pet) => pet.id);
  expect(new Set(shown.map((id) => id.trim())).size).toBe(40);
  expect(shown.map((id) => id.trim()).sort()).toEqual([...all].sort());
  await everyLook(petstore, 'the whole list after Load more');
});

test('a larger page or the status filter, offered under a full page; a shorter list says nothing more', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  const paging = page.getByTestId('list-paging');
  await expect(ui.rows()).toHaveCount(20);

  await ui.limit().fill('5');
  await ui.refresh().click();
  await expect(ui.rows()).toHaveCount(5);
  await expect(paging).toContainText('Showing the first 5 animals — the service may hold more.');
  await paging.getByRole('button', { name: 'Filter by status' }).click();
  await expect(ui.statusFilter('All')).toBeFocused();

  await paging.getByRole('button', { name: 'Show 100 rows' }).click();
  await expect(ui.limit()).toHaveValue('100');
  await expect(ui.rows()).toHaveCount(40);
  await expect(paging).toHaveCount(0);
  await everyLook(petstore, 'a list shorter than its page');
});
