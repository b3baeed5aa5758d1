import { expect, test } from './fixtures';
import { everyLook } from './support/looks';
import { screens } from './support/screens';

test('a row opens its details — every field, where it was read from — by click or Enter, and its id copies', async ({
  petstore,
}, testInfo) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.rows()).toHaveCount(20);
  const [first, second] = await service.pets();
  if (!first || !second) throw new Error('the demo data has animals');

  await ui.row(first.name).click();
  const panel = page.getByRole('complementary', { name: first.name });
  await expect(panel).toContainText(first.id);
  await expect(panel).toContainText(first.categoryId);
  await expect(panel).toContainText('The service, just now');
  await expect(page.getByRole('heading', { name: first.name, level: 3 })).toBeFocused();
  await everyLook(petstore, 'detail panel');

  if (testInfo.project.name === 'chromium') {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await panel.getByRole('button', { name: 'Copy id' }).click();
    await expect(panel.getByRole('status')).toHaveText(`Id ${first.id} copied.`);
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(first.id);
  }

  // Escape closes it and focus returns to the row.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(ui.row(first.name).getByRole('button', { name: first.name })).toBeFocused();

  // From the keyboard: the next row's name, Enter.
  await ui.row(second.name).getByRole('button', { name: second.name }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: second.name })).toContainText(second.id);
});
