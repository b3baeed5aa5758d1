import { expect, test } from './fixtures';
import { speak } from './support/catalogue-text';
import { addWithServiceAway, onTheList, openAdministration, screens } from './support/screens';

// What a clerk found wrong going through the counter's screens at 1024×640, each a story of its own.

test('back on the list from Settings read to its foot, the search, Add and the column names are in view', async ({
  petstore,
}) => {
  const { page } = petstore;
  await page.setViewportSize({ width: 1024, height: 640 });
  const ui = await onTheList(page);
  await ui.nav('Settings').click();
  await openAdministration(page);
  await page.getByRole('heading', { name: 'Settings' }).hover();
  await page.mouse.wheel(0, 3000);
  await expect(page.getByRole('heading', { name: 'Settings' })).not.toBeInViewport();

  await ui.nav('Animals').click();
  await expect(ui.quickFilter()).toBeInViewport({ ratio: 1 });
  await expect(ui.addButton()).toBeInViewport({ ratio: 1 });
  await expect(ui.table().getByRole('button', { name: 'Name', exact: true })).toBeInViewport({ ratio: 1 });
});

test('an animal the service takes at once is said once, by the add form, even while a search is active', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  await ui.quickFilter().fill('zoe');
  await ui.addAnimal('Zoé Junior', 'cats');

  const toasts = page.getByRole('status', { name: 'Messages' }).getByRole('paragraph');
  await expect(toasts).toHaveText([/^Added Zoé Junior \(id \d+\) to Demo \(local\)\.$/]);
  await expect(ui.row('Zoé Junior')).toContainText('Cats (2)');
  // Every add goes through the outbox: once the drawer lists it as sent, its news has come, and said nothing more.
  const drawer = await ui.openOutbox();
  await expect(drawer.getByRole('list', { name: 'Sent' })).toContainText('Zoé Junior');
  await expect(toasts).toHaveCount(1);
});

test('“Add category” with an id that has a name already says so, and keeps that name', async ({ petstore }) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  await ui.nav('Settings').click();
  await page.getByLabel('New category id').fill('2');
  await page.getByLabel('New category name').fill('Kittens');
  await page.getByRole('button', { name: 'Add category' }).click();

  await expect(page.locator('#new-category-id-message')).toHaveText(
    'Category 2 already has a name, “Cats”: rename it above',
  );
  await expect(page.getByLabel('Name for category 2')).toHaveValue('Cats');
  await expect(page.getByLabel('New category name')).toHaveValue('Kittens');
  await ui.nav('Animals').click();
  await expect(ui.rows().filter({ hasText: 'Cats (2)' }).first()).toBeVisible();
});

test('Enter in a category’s name field renames it, as Enter adds one below', async ({ petstore }) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  await ui.nav('Settings').click();
  await page.getByLabel('Name for category 2').fill('House cats');
  await page.getByLabel('Name for category 2').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved “House cats” for category 2.' })).toBeVisible();
  await ui.nav('Animals').click();
  await expect(ui.rows().filter({ hasText: 'House cats (2)' }).first()).toBeVisible();
});

test('Esc closes the details from the grid too, where Shift+Tab and the arrows took the clerk', async ({
  petstore,
}) => {
  const { page } = petstore;
  const ui = screens(page);
  await ui.row('Biscuit').getByRole('button', { name: 'Biscuit', exact: true }).press('Enter');
  const details = page.getByRole('complementary', { name: 'Biscuit' });
  await expect(details).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(ui.row('Biscuit').getByRole('button', { name: 'Biscuit', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const mochi = ui.row('Mochi').getByRole('button', { name: 'Mochi', exact: true });
  await expect(mochi).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(mochi).toBeFocused();
  await expect(ui.nav('Animals')).toHaveAttribute('aria-current', 'page');
});

test('“Use the list” on the lookup takes the id the clerk typed to the list’s search', async ({ petstore }) => {
  const { page } = petstore;
  const ui = await onTheList(page);
  await ui.nav('Look up by id').click();
  await page.getByLabel('Animal id').fill('8');
  await page.getByRole('link', { name: 'Use the list' }).click();

  await expect(ui.quickFilter()).toBeFocused();
  await expect(ui.quickFilter()).toHaveValue('8');
  await expect(ui.row('Zoë')).toBeVisible();
});

for (const locale of ['en', 'de', 'fr', 'es'] as const) {
  test(`the search box's hint is whole at 1024×640 in ${locale}, in a shop of 265`, async ({ petstore }) => {
    const { page, service } = petstore;
    // Three-digit totals: the count beside the box is at its longest ("265 animaux · 102 disponibles").
    await service.fillTo(265, ['available', 'available', 'sold']);
    await page.setViewportSize({ width: 1024, height: 640 });
    if (locale !== 'en') await speak(page, locale);
    await page.locator('.toolbar button.icon').click();
    await expect(page.locator('#list-summary')).toContainText('265');
    // The hint as drawn in the box, and drawn again once the count beside it is shorter and the box wider: the
    // same pixels inside the box's first width when the hint is whole, not when its end was cut.
    const search = page.locator('#quick-filter');
    const box = await search.boundingBox();
    if (!box) throw new Error('No search box on screen');
    const clip = { x: box.x + 2, y: box.y + 2, width: box.width - 10, height: box.height - 4 };
    const asShown = await page.screenshot({ clip });
    await page.evaluate(`document.querySelector('#list-summary .more').style.display = 'none'`);
    const widest = await page.evaluate<number>(
      `parseFloat(getComputedStyle(document.querySelector('#quick-filter')).maxWidth)`,
    );
    await expect.poll(async () => (await search.boundingBox())?.width).toBe(widest);
    const wider = await page.screenshot({ clip });
    expect(asShown.equals(wider), `“${(await search.getAttribute('placeholder')) ?? ''}” whole in the box`).toBe(true);
  });
}

test('the outbox drawer’s Edit gives focus back to Edit after Cancel, Save or Esc, and Esc ends only the edit', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = await addWithServiceAway(page, service, 'Erna', 'birds');
  const drawer = await ui.openOutbox();
  const edit = drawer.getByRole('button', { name: 'Edit Erna' });

  await edit.click();
  await drawer.getByRole('button', { name: 'Cancel' }).press('Enter');
  await expect(edit).toBeFocused();

  await edit.press('Enter');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeVisible();
  await expect(edit).toBeFocused();

  await edit.press('Enter');
  await page.keyboard.type(' the second');
  await page.keyboard.press('Enter');
  // Saved, the animal is tried at once (the service is away): focus goes back to Edit and stays there through the
  // try; never to the page.
  const editAgain = drawer.getByRole('button', { name: 'Edit Erna the second' });
  await expect(editAgain).toBeFocused();
  await expect(drawer.locator('[data-state="sending"]')).toHaveCount(0);
  await expect(editAgain).toBeFocused();
});
