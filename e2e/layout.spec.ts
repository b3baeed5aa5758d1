import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { speak } from './support/catalogue-text';

test.slow(); // Four languages, twice each.

interface GridMeasure {
  /** Rows whose whole height is in view: inside the grid's scroll box and the window. */
  inView: number;
  /** The first row's top, from the window's top. */
  firstRowTop: number;
  /** The same from the top of the animals screen (below the app bar): what the toolbar and the grid's head take. */
  belowBar: number;
  /** The page or the grid scrolls sideways. */
  sideways: boolean;
  /** How far, in px, a column's heading and its cells in the first row are apart at either edge, at most. */
  columnsOff: number;
}

const measure = (page: Page): Promise<GridMeasure> =>
  page.evaluate<GridMeasure>(`(() => {
    const scroller = document.querySelector('table.pets').parentElement.getBoundingClientRect();
    const head = document.querySelector('table.pets thead').getBoundingClientRect();
    const bottom = Math.min(scroller.bottom, window.innerHeight);
    const rows = [...document.querySelectorAll('table.pets tbody tr')].map((row) => row.getBoundingClientRect());
    const headings = [...document.querySelectorAll('table.pets thead th')].map((cell) => cell.getBoundingClientRect());
    const cells = [...document.querySelectorAll('table.pets tbody tr:first-child td')].map((cell) => cell.getBoundingClientRect());
    return {
      columnsOff: Math.max(...headings.map((heading, index) =>
        Math.max(Math.abs(heading.left - cells[index].left), Math.abs(heading.right - cells[index].right)))),
      inView: rows.filter((box) => box.top >= head.bottom - 1 && box.bottom <= bottom + 1).length,
      firstRowTop: rows[0].top,
      belowBar: rows[0].top - document.querySelector('section.animals').getBoundingClientRect().top,
      sideways:
        document.documentElement.scrollWidth > window.innerWidth ||
        document.querySelector('table.pets').parentElement.scrollWidth > document.querySelector('table.pets').parentElement.clientWidth,
    };
  })()`);

const LONG_NAME = `Long-named ${'Fluffy '.repeat(40)}`.slice(0, 200);

for (const locale of ['en', 'de', 'fr', 'es'] as const) {
  test(`the counter screen fits at 1024×640 in ${locale}: 14 rows in view, 12 with animals waiting; details do not move the table`, async ({
    petstore,
  }) => {
    const { page, service } = petstore;
    await page.setViewportSize({ width: 1024, height: 640 });
    await service.add({ name: LONG_NAME, categoryId: 2, status: 'available' });
    if (locale !== 'en') await speak(page, locale);
    const table = page.locator('table.pets');
    // The list has come: a screenful of rows in view (rows drawn past the view's edges are not counted).
    await expect.poll(async () => (await measure(page)).inView).toBeGreaterThanOrEqual(14);
    // The long name arrives with the next sync; Refresh asks for it now.
    await page.locator('.toolbar button.icon').click();
    const longRow = page.locator('table.pets tbody tr').filter({ hasText: 'Long-named' });
    await page.locator('#quick-filter').fill('long-named');
    await expect(longRow).toHaveCount(1);
    // One line, cut: a row of the grid's height; the whole name on hover.
    expect((await longRow.boundingBox())?.height).toBeLessThanOrEqual(31);
    await expect(longRow.locator('td').nth(1)).toHaveAttribute('title', LONG_NAME);
    await page.locator('#quick-filter').fill('');

    const calm = await measure(page);
    const toolbar = page.locator('section.animals .toolbar');
    const toolbarHeight = (await toolbar.boundingBox())?.height;
    expect(calm.inView, 'rows in view with nothing waiting').toBeGreaterThanOrEqual(14);
    // The app bar above the screen is the header's (at most 78 px); the toolbar and the grid's head take the rest.
    expect(calm.belowBar, 'the toolbar and the grid’s head').toBeLessThanOrEqual(92);
    expect(calm.firstRowTop, 'the first row’s top').toBeLessThanOrEqual(170);
    expect(calm.sideways).toBe(false);
    expect(calm.columnsOff, 'each heading over its cells').toBeLessThanOrEqual(1);
    await petstore.snap(`1024×640 list, ${locale}`);

    // Details open beside the rows, over the grid: the table's box does not move.
    const before = await table.boundingBox();
    await page.locator('table.pets tbody tr').nth(2).click();
    await expect(page.locator('aside[aria-labelledby="pet-detail-title"]')).toBeVisible();
    expect(await table.boundingBox()).toEqual(before);
    await petstore.snap(`1024×640 details, ${locale}`);
    await page.keyboard.press('Escape');

    // Animals waiting: the service is gone and one animal waits to be sent.
    await service.stop();
    await page.locator('#add-animal').click();
    await page.locator('#pet-name').fill('Waiting Willow');
    await page.locator('#pet-category').fill('2');
    await page.locator('#pet-name').press('Enter');
    const waitingRow = page.locator('table.pets tbody tr[data-waiting="yes"]');
    await expect(waitingRow).toHaveCount(1);
    // The toast saying it is saved never hides the row it speaks of: the rows move up above it.
    const toast = page.locator('.toasts .toast').last();
    await expect(toast).toBeVisible();
    await expect
      .poll(async () => {
        const [row, over] = [await waitingRow.boundingBox(), await toast.boundingBox()];
        return row && over ? over.y - (row.y + row.height) : null;
      }, 'the room between the new row and the toast')
      .toBeGreaterThanOrEqual(0);
    // The add form narrows the table beside it, never the toolbar above: it stays one line.
    expect((await toolbar.boundingBox())?.height, 'the toolbar with the add form open').toBe(toolbarHeight);
    expect((await measure(page)).sideways).toBe(false);
    await petstore.snap(`1024×640 adding, ${locale}`);
    await page.keyboard.press('Escape');
    await expect(page.locator('#pet-name')).toHaveCount(0);
    const waiting = await measure(page);
    expect(waiting.inView, 'rows in view with animals waiting').toBeGreaterThanOrEqual(12);
    expect(waiting.firstRowTop, 'the first row’s top with animals waiting').toBeLessThanOrEqual(200);
    expect(waiting.sideways).toBe(false);
    await petstore.snap(`1024×640 with an animal waiting, ${locale}`);
  });
}
