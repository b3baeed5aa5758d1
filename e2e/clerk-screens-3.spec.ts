import { expect, test } from './fixtures';
import { speak, withCopyAge } from './support/catalogue-text';
import { addWithServiceAway, onTheList, openAdministration, screens } from './support/screens';

// The third round of what a clerk tripped over on the counter's screens, each a story of its own.

test('an animal added a while ago is not a match for every later search: “zzzz” finds nothing', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = await addWithServiceAway(page, service, 'Waldi', 'dogs');
  await page.keyboard.press('Escape');

  await ui.quickFilter().fill('zzzz');
  await expect(ui.rows()).toHaveCount(0);
  await ui.quickFilter().fill('biscuit');
  await expect(ui.rows()).toHaveCount(1);
  await expect(ui.row('Biscuit')).toBeVisible();
  await ui.statusFilter('Sold').check();
  await ui.quickFilter().fill('');
  await expect(ui.notSentRow('Waldi')).toHaveCount(0);
});

for (const locale of ['de', 'fr'] as const) {
  test(`the screen tabs stay where they are when the clerk goes from screen to screen, in ${locale}`, async ({
    petstore,
  }) => {
    const { page } = petstore;
    await page.setViewportSize({ width: 1024, height: 640 });
    await speak(page, locale);
    const tabs = page.locator('header nav button');
    await expect(tabs).toHaveCount(4);
    const places = async () => Promise.all((await tabs.all()).map(async (tab) => (await tab.boundingBox())?.x));
    const onTheList = await places();
    for (const index of [1, 2, 0]) {
      await tabs.nth(index).click();
      await expect(tabs.nth(index)).toHaveAttribute('aria-current', 'page');
      expect(await places(), `the tabs with tab ${String(index + 1)} chosen`).toEqual(onTheList);
    }
  });
}

test('in German the badge says “1 wartet” for one animal waiting, “2 warten” for two', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = await onTheList(page);
  await speak(page, 'de');
  await service.stop();
  for (const [name, badge] of [
    ['Waldi', '1 wartet'],
    ['Bello', '2 warten'],
  ] as const) {
    await page.getByRole('button', { name: 'Tier hinzufügen', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Kategorie', { exact: true }).fill('1');
    await page.getByLabel('Name', { exact: true }).press('Enter');
    await expect(ui.connection()).toHaveText(withCopyAge(badge, 'de'));
  }
});

test('Esc in the add form puts it away with what the clerk typed: Add brings it back, selected, and Enter adds it', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  const form = await ui.openAddForm();
  await form.name.fill('Waldi the second');
  await form.category.fill('dogs');
  await form.status.selectOption({ label: 'Pending' });
  await form.category.press('Escape');
  await expect(form.name).toHaveCount(0);
  await expect(ui.addButton()).toBeFocused();

  await ui.addButton().press('Enter');
  await expect(form.name).toBeFocused();
  await expect(form.name).toHaveValue('Waldi the second');
  await expect(form.category).toHaveValue('dogs');
  await expect(form.status).toHaveValue('pending');
  // Selected whole: typing replaces it.
  expect(await page.evaluate('document.getSelection().toString()')).toBe('Waldi the second');
  await page.keyboard.press('Enter');
  await expect(ui.row('Waldi the second')).toContainText('Pending');
  await expect(form.name).toHaveValue('');
});

test('the empty grid of an environment without a key says what brings its animals, not “the service’s first answer”', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  await ui.environment().selectOption({ label: 'Production' });
  await expect(page.getByRole('heading', { name: 'No API key for Production yet' })).toBeVisible();
  await expect(page.locator('.empty')).toHaveText(
    'Nothing to show until Production has a working API key: its animals load as soon as the key is saved.',
  );
});

test('a message under a field never widens it: the lookup’s button and the new category’s field stay put', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  await page.setViewportSize({ width: 1024, height: 640 });
  await expect(ui.rows().first()).toBeVisible();
  await ui.nav('Look up by id').click();
  const id = page.getByLabel('Animal id');
  const lookUp = page.getByRole('button', { name: 'Look up', exact: true });
  const before = { field: await id.boundingBox(), button: await lookUp.boundingBox() };
  await id.fill('abc');
  await id.press('Enter');
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  expect({ field: await id.boundingBox(), button: await lookUp.boundingBox() }).toEqual(before);

  await ui.nav('Settings').click();
  const name = page.getByLabel('New category name');
  const newId = page.getByLabel('New category id');
  const add = page.getByRole('button', { name: 'Add category' });
  await newId.fill('2');
  await name.fill('Kittens');
  // The message's lines may push the row down; across, nothing moves.
  const across = async () => {
    const [idField, field, button] = [await newId.boundingBox(), await name.boundingBox(), await add.boundingBox()];
    return { id: [idField?.x, idField?.width], field: [field?.x, field?.width], button: button?.x };
  };
  const width = await across();
  await name.press('Enter');
  await expect(newId).toHaveAttribute('aria-invalid', 'true');
  expect(await across()).toEqual(width);
});

test.describe('an environment without a key', () => {
  test.use({ demoKey: false });

  test('“Add an animal” clicked opens the reason’s panel, and its tooltip no longer covers the panel’s heading', async ({
    petstore,
  }) => {
    const { page } = petstore;
    const ui = screens(page);
    await page.setViewportSize({ width: 1024, height: 640 });
    const add = ui.addButton();
    await add.hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await add.click({ force: true });
    const panel = page.getByRole('region', { name: 'Add an animal' });
    await expect(panel.getByRole('heading', { name: 'Add an animal' })).toBeFocused();
    await expect(page.getByRole('tooltip')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(add).toBeFocused();
    await expect(page.getByRole('tooltip')).toBeVisible();
  });
});

test('in German the form’s button is not a second “Tier hinzufügen” beside the toolbar’s', async ({ petstore }) => {
  const { page } = petstore;
  await onTheList(page);
  await speak(page, 'de');
  await page.getByRole('button', { name: 'Tier hinzufügen', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill('Bello');
  await page.getByLabel('Kategorie', { exact: true }).fill('1');
  await expect(page.getByRole('button', { name: 'Tier hinzufügen', exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.locator('table.pets tbody tr').filter({ hasText: 'Bello' })).toBeVisible();
});

test('Administration names the environment in use without a second pair of brackets: “Demo (local) · in use”', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  await ui.nav('Settings').click();
  await openAdministration(page);
  await expect(page.getByRole('group', { name: 'Demo (local) · in use', exact: true })).toBeVisible();
  await ui.showSettingsOf('Staging');
  await expect(page.getByRole('group', { name: 'Staging', exact: true })).toBeVisible();
});
