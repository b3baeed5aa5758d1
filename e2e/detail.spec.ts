import { expect, test } from './fixtures';
import { everyLook } from './support/looks';
import { clock } from './support/catalogue-text';
import { screens } from './support/screens';

test('a row opens its details beside the list — every field, where it came from — by click or Enter; its id copies', async ({
  petstore,
}, testInfo) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const [first, second] = await service.allPets();
  if (!first || !second) throw new Error('the demo data has animals');
  await expect(ui.row(first.name)).toBeVisible();
  const tableBox = await ui.table().boundingBox();

  await ui.row(first.name).click();
  const panel = page.getByRole('complementary', { name: first.name });
  await expect(panel).toContainText(first.id);
  await expect(panel).toContainText(first.categoryId);
  await expect(panel).toContainText('The shop’s catalogue on this computer, synced just now');
  await expect(page.getByRole('heading', { name: first.name, level: 3 })).toBeFocused();
  // The table stays where it was, the open row highlighted.
  expect(await ui.table().boundingBox()).toEqual(tableBox);
  await expect(ui.row(first.name)).toHaveClass(/current/);
  await everyLook(petstore, 'details beside the list');

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

  // From the keyboard: the next row with the arrow key, Enter.
  await page.keyboard.press('ArrowDown');
  await expect(ui.row(second.name).getByRole('button', { name: second.name })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: second.name })).toContainText(second.id);
});

test('an animal not sent yet says so in its details, with no id to copy', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.summary()).toHaveText(/^40 animals/);
  await service.stop();
  await ui.addButton().click();
  await ui.addForm().name.fill('Detail Dora');
  await ui.addForm().category.fill('3');
  await ui.addForm().submit.click();
  await page.keyboard.press('Escape');
  await ui.notSentRow('Detail Dora').click();
  const panel = page.getByRole('complementary', { name: 'Detail Dora' });
  await expect(panel).toContainText(new RegExp(`This counter, not sent yet \\(added ${clock()}\\): `));
  await expect(panel).toContainText('none yet (not sent)');
  await expect(panel.getByRole('button', { name: 'Copy id' })).toHaveCount(0);
});
