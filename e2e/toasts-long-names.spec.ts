import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addInTurn } from './support/add-panel';
import { ANY, matching } from './support/catalogue-text';
import { startTour } from './support/tour';

// A clerk at the counter's 1024×640 in German adds three animals whose names were pasted in long (a breeder's full
// pedigree name, 200 letters, the most a name can be). Each toast now says the whole name: they must still stay inside
// the window, and the row just added must stay in view above them, as it does for short names.

const LONG = (letter: string) => `${letter}${'Schwarzwaldhof '.repeat(14)}`.slice(0, 199).trimEnd() + letter;

interface Box {
  top: number;
  bottom: number;
}
const boxes = (page: Page) =>
  page
    .locator('.toasts > *')
    .evaluateAll((shown: { checkVisibility(o: object): boolean; getBoundingClientRect(): { toJSON(): Box } }[]) =>
      shown
        .filter((notice) => notice.checkVisibility({ visibilityProperty: true }))
        .map((notice) => notice.getBoundingClientRect().toJSON()),
    );

test('three animals with 200-letter names added in a row: every toast stays inside the window and the row just added stays in view above them (de, 1024×640)', async ({
  petstore,
}) => {
  const { page } = petstore;
  const { say } = await startTour(petstore, 'de');
  await page.setViewportSize({ width: 1024, height: 640 });
  const names = ['A', 'B', 'C'].map(LONG);
  await addInTurn(page, say, names);
  for (const each of names)
    await expect(page.getByText(matching(say('add.added', { name: each, id: ANY, environment: ANY })))).toBeVisible();
  await petstore.snap('three toasts with 200-letter names (de, 1024×640)');
  const shown = await boxes(page);
  expect(
    shown.filter((box) => box.top < 0 || box.bottom > 640),
    'toasts reaching past the window',
  ).toEqual([]);
  // The row just added: in the grid's view, and not under a toast (for short names the rows move up above them).
  const added = page.getByRole('row').filter({ has: page.getByRole('cell', { name: names[2], exact: true }) });
  const row = await added.evaluate((element: { getBoundingClientRect(): { toJSON(): Box } }) =>
    element.getBoundingClientRect().toJSON(),
  );
  const grid = await page.getByRole('grid').or(page.getByRole('table')).first().boundingBox();
  expect(grid && row.top >= grid.y && row.bottom <= grid.y + grid.height, 'the row just added in the grid’s view').toBe(
    true,
  );
  expect(
    shown.filter((box) => box.top < row.bottom && row.top < box.bottom),
    'toasts over the row just added',
  ).toEqual([]);
});
