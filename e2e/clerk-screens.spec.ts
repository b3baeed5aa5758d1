import { expect, test } from './fixtures';
import { openAdministration, screens } from './support/screens';

// What a clerk found wrong going through the counter's screens at 1024×640, each a story of its own.

test('back on the list from Settings read to its foot, the search, Add and the column names are in view', async ({
  petstore,
}) => {
  const { page } = petstore;
  await page.setViewportSize({ width: 1024, height: 640 });
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
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
