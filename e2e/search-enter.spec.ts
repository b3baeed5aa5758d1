import { expect, test } from './fixtures';
import { screens } from './support/screens';

// The lookup by id is going; its warning sends the clerk to the list's search instead ("Use the list"). The clerk's
// habit from the lookup is: type the id, press Enter, read the animal. In the search, Enter opens the one row found.

test('the id a clerk takes from the lookup to the list’s search opens its animal with Enter', async ({ petstore }) => {
  const { page } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await ui.nav('Look up by id').click();
  await page.getByLabel('Animal id', { exact: true }).fill('5');
  await page.getByRole('link', { name: 'Use the list' }).click();
  await expect(ui.quickFilter()).toHaveValue('5');
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.quickFilter()).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: 'Nemo' }), 'Enter opens the one animal found').toBeVisible();
});
