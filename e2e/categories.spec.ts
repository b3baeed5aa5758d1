import { expect, test } from './fixtures';
import { everyLook } from './support/looks';
import { onTheList } from './support/screens';

test('categories have names: seeded for the demo, renamed and added in Settings, picked by name when adding, shown with their id', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = await onTheList(page);
  await expect(ui.rows().filter({ hasText: 'Cats (2)' }).first()).toBeVisible();

  await ui.nav('Settings').click();
  await page.getByLabel('Name for category 2').fill('House cats');
  await page.getByRole('button', { name: 'Rename' }).nth(1).click();
  await expect(page.getByText('Saved “House cats” for category 2.')).toBeVisible();
  await page.getByLabel('New category id').fill('9007199254740993');
  await page.getByLabel('New category name').fill('Axolotls');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByLabel('Name for category 9007199254740993')).toHaveValue('Axolotls');
  await everyLook(petstore, 'category names in Settings');

  await ui.nav('Animals').click();
  const form = await ui.openAddForm();
  await form.name.fill('  Axel  ');
  await form.category.fill('axolotls');
  await form.submit.click();
  await expect(page.getByText(/^Added Axel \(id \d+\)/)).toBeVisible();
  const axel = (await service.pets()).find((pet) => pet.name === 'Axel');
  expect(axel?.categoryId).toBe('9007199254740993');
  await expect(ui.row('Axel')).toContainText('Axolotls (9007199254740993)');
  await expect(ui.rows().filter({ hasText: 'House cats (2)' }).first()).toBeVisible();

  // A plain id still works, and 0 is refused in words.
  await form.name.fill('Nobody');
  await form.category.fill('0');
  await form.submit.click();
  await expect(page.getByText('A category id is a whole number from 1, at most 19 digits long')).toBeVisible();
});

test('a category name is one per environment, whatever its case or accents, and a name can be removed', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  await ui.nav('Settings').click();
  await page.getByLabel('New category id').fill('9');
  await page.getByLabel('New category name').fill('cäts');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.locator('#new-category-label-message')).toHaveText('Another category already has this name');
  await expect(page.getByLabel('Name for category 9')).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove the name of category 6' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Removed the name of category 6.' })).toBeVisible();
  await expect(page.getByLabel('Name for category 6')).toHaveCount(0);
  await ui.nav('Animals').click();
  await expect(ui.rows().filter({ hasText: 'Small mammals' })).toHaveCount(0);
});
