import { expect, test } from './fixtures';
import { digitsThenEnter } from './support/keyboard';
import { everyLook } from './support/looks';
import { onTheList } from './support/screens';

test('a barcode scan outside a text field opens that animal; it can be turned off in Settings', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = await onTheList(page);
  const [first, second] = await service.pets();
  if (!first || !second) throw new Error('the demo data has animals');

  // A keyboard-wedge scanner: the digits and Enter 5 ms apart, with focus on the page, not a field.
  await ui.summary().click();
  await digitsThenEnter(page, first.id, 5);
  await expect(page.getByRole('heading', { name: /Look up by id/, level: 2 })).toBeVisible();
  await expect(page.getByLabel('Animal id')).toHaveValue(first.id);
  await expect(page.locator('.pet-card')).toContainText(first.name);
  await everyLook(petstore, 'a scanned animal');

  // A printed label pads the id with zeros: the scan is still that animal, not "too large for an id".
  await ui.nav('Animals').click();
  await ui.summary().click();
  await digitsThenEnter(page, `0000${second.id}`, 5);
  await expect(page.locator('.pet-card')).toContainText(second.name);

  // Typing the same digits slowly is not a scan.
  await ui.nav('Animals').click();
  await ui.summary().click();
  await digitsThenEnter(page, first.id, 150);
  await expect(page.getByRole('heading', { name: 'Animals', level: 2 })).toBeVisible();

  // Turned off, a scan does nothing, and it stays off after a reload.
  await ui.nav('Settings').click();
  await page.getByLabel(/Open an animal when its id is scanned/).uncheck();
  await page.reload();
  await expect(ui.rows().first()).toBeVisible();
  await ui.summary().click();
  await digitsThenEnter(page, first.id, 5);
  await expect(page.getByRole('heading', { name: 'Animals', level: 2 })).toBeVisible();
  await ui.nav('Settings').click();
  await expect(page.getByLabel(/Open an animal when its id is scanned/)).not.toBeChecked();
});
