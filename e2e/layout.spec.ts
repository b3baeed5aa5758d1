import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screens } from './support/screens';

/** Of the first 20 rows, those whose whole height is inside the window. */
async function rowsInView(page: Page, rows: Locator): Promise<number> {
  const height = page.viewportSize()?.height ?? 0;
  let inView = 0;
  for (const row of (await rows.all()).slice(0, 20)) {
    const box = await row.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= height) inView += 1;
  }
  return inView;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the counter screen fits: 12 rows at 1024×640, 10 with the add panel open, the band always in view (${scheme})`, async ({
    petstore,
  }) => {
    const { page } = petstore;
    const ui = screens(page);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1024, height: 640 });
    await ui.limit().fill('100');
    await ui.refresh().click();
    await expect(ui.rows().nth(30)).toBeAttached();
    expect(await rowsInView(page, ui.rows())).toBeGreaterThanOrEqual(12);
    await petstore.snap(`1024×640 list (${scheme})`);

    await ui.addButton().click();
    expect(await rowsInView(page, ui.rows())).toBeGreaterThanOrEqual(10);
    await petstore.snap(`1024×640 adding (${scheme})`);

    // Scrolled down the list, the band, the header and the table head stay.
    await ui.table().hover();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => rowsInView(page, ui.rows().first())).toBe(0);
    await expect(ui.band()).toBeInViewport();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toBeInViewport();

    await page.setViewportSize({ width: 800, height: 560 });
    await ui.addForm().name.focus();
    await expect(ui.band()).toBeInViewport();
    await petstore.snap(`800×560 adding (${scheme})`);
  });
}
