import { expect, test } from './fixtures';
import { configureEnvironment, screens } from './support/screens';
import { startStricterService } from './support/stricter-service';

test('an animal added with Enter shows in the list, and the name is ready for the next one', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const form = ui.addForm();
  await expect(ui.rows().first()).toBeVisible();

  await ui.addButton().click();
  await expect(form.name).toBeFocused();
  await expect(form.status).toHaveValue('');
  await expect(form.status.locator('option:checked')).toHaveText('Service default');
  await form.name.fill('Clementine');
  await form.category.fill('7');
  await petstore.snap('add an animal');
  await form.category.press('Enter');

  await expect(page.getByText(/^Added Clementine \(id \d+\) to Demo \(local\)\.$/)).toBeVisible();
  await expect(ui.row('Clementine')).toBeVisible();
  await expect(ui.row('Clementine').locator('.badge')).toHaveText('Available');
  await expect(form.name).toBeFocused();
  await expect(form.name).toHaveValue('');
  await expect(form.category).toHaveValue('7');

  await form.name.fill('Clementine the Second');
  await form.status.selectOption('pending');
  await form.name.press('Enter');
  await expect(ui.row('Clementine the Second').locator('.badge')).toHaveText('Pending');

  const stored = (await service.pets()).filter((pet) => pet.name.startsWith('Clementine'));
  expect(stored.map((pet) => [pet.name, pet.categoryId, pet.status])).toEqual([
    ['Clementine', '7', 'available'],
    ['Clementine the Second', '7', 'pending'],
  ]);
});

test('the add form checks each field as the shared rules do, and shows the service’s own 400 message', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const form = ui.addForm();
  await ui.addButton().click();

  await form.submit.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Choose a category, or type its id')).toBeVisible();
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.name).toBeFocused();

  await form.name.fill('Rex');
  await form.category.fill('twelve');
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await expect(page.getByText('Choose a category from the list, or type its id (a whole number)')).toBeVisible();
  // 19 digits, past the largest id: too large, not too many digits.
  await form.category.fill('9999999999999999999');
  await expect(page.getByText('Too large for a category id: ids go up to 9223372036854775807')).toBeVisible();
  await petstore.snap('add an animal, inline validation');

  // The 200-character rule shows as it is typed, not after sending.
  await expect(page.getByText('3 / 200 characters')).toBeVisible();
  await form.name.fill('R'.repeat(203));
  await expect(page.getByText('203 / 200 characters')).toBeVisible();
  await expect(page.getByText('Names have at most 200 characters: remove 3')).toBeVisible();
  // Counted as the service counts, in code points: 199 letters and a cat are exactly the limit.
  await form.name.fill(`${'R'.repeat(199)}🐱`);
  await expect(page.getByText('200 / 200 characters')).toBeVisible();
  await expect(page.getByText(/^Names have at most 200 characters/)).toHaveCount(0);
  await form.name.fill('Rex');

  const stricter = await startStricterService(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', stricter.url, service.apiKey);
    await ui.nav('Animals').click();
    await form.name.fill('Holiday Rex');
    await form.category.fill('3');
    await form.name.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Names must not mention holidays here' })).toBeVisible();
    await expect(form.name).toHaveValue('Holiday Rex');
    expect((await service.pets()).some((pet) => pet.name === 'Holiday Rex')).toBe(false);
  } finally {
    await stricter.close();
  }
});
