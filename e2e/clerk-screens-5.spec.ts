import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { startStricterService } from './support/stricter-service';
import { expectNothingCutShort } from './support/catalogue-text';
import { startTour } from './support/tour';

// The fifth round of what a clerk tripped over at the usual counter's 1024×640, in the languages longer than English.

for (const locale of ['de', 'fr', 'es'] as const) {
  test(`an add in doubt offers its four answers on one row in the outbox drawer, none alone on a second, in ${locale}`, async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.keyFollowDialog);
    const { page, service } = petstore;
    const { say, nav, configure, openOutbox } = await startTour(petstore, locale);
    await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
    const stricter = await startStricterService(service.url);
    try {
      await configure('demo', stricter.url, service.apiKey);
      await nav('animals');
      await page.getByRole('button', { name: say('list.add'), exact: true }).click();
      const form = page.getByRole('region', { name: say('add.title') });
      // Created on the service, its answer lost: the clerk must check it.
      stricter.failNextAdd();
      await form.getByLabel(say('add.name'), { exact: true }).fill('Raced');
      await form.getByLabel(say('add.category'), { exact: true }).fill('2');
      await form.getByLabel(say('add.name'), { exact: true }).press('Enter');
      await expect(page.locator('.connection')).toHaveText(say('sync.toCheck', { count: 1 }));
      await page.keyboard.press('Escape');

      const drawer = await openOutbox();
      const answers = [
        say('outbox.confirmLabel', { name: 'Raced' }),
        say('outbox.actionLabel', { action: say('outbox.sendAgain'), name: 'Raced' }),
        say('outbox.editLabel', { name: 'Raced' }),
        say('outbox.discardLabel', { name: 'Raced' }),
      ];
      const rows = await Promise.all(
        answers.map(async (name) => (await drawer.getByRole('button', { name, exact: true }).boundingBox())?.y),
      );
      expect(new Set(rows), `the rows of ${answers.join(', ')}`).toEqual(new Set([rows[0]]));
    } finally {
      await stricter.close();
    }
  });

  test(`Settings keeps the language, the scanner and the list’s columns side by side on one row, in ${locale}`, async ({
    petstore,
  }) => {
    const { page } = petstore;
    const { say, nav } = await startTour(petstore, locale);
    await nav('settings');
    const scanner = page.getByRole('group', { name: say('scanner.legend') });
    const columns = page.getByRole('group', { name: say('columns.legend') });
    const [scannerBox, columnsBox] = [await scanner.boundingBox(), await columns.boundingBox()];
    expect(columnsBox?.y, 'the columns beside the scanner, not under it').toBe(scannerBox?.y);
  });
}

test('a category name too long for its column is cut in the grid, and whole in the cell’s tooltip', async ({
  petstore,
}) => {
  const { page } = petstore;
  const { say, nav } = await startTour(petstore, 'de');
  await nav('settings');
  const long = 'Hunde aus der eigenen Zucht, geimpft und gechippt';
  const dogs = page.getByLabel(say('categories.nameFor', { id: '1' }), { exact: true });
  await dogs.fill(long);
  await dogs.press('Enter');
  await expect(page.getByText(say('categories.saved', { label: long, id: '1' }))).toBeVisible();
  await nav('animals');
  const biscuit = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Biscuit', exact: true }) });
  const category = biscuit.getByRole('cell', { name: `${long} (1)` });
  await expect(category).toHaveAttribute('title', `${long} (1)`);
  expect(
    await category.evaluate(
      (cell: { scrollWidth: number; clientWidth: number }) => cell.scrollWidth > cell.clientWidth,
    ),
    'the name is cut',
  ).toBe(true);
  await expectNothingCutShort(page, 'the grid with a long category name (de)');
});
