import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { nextMorning, quiet } from './support/overnight';
import { onTheList, screens } from './support/screens';

// The clerk added Biscuit and Pepper yesterday; overnight the saved copy of the shop is damaged, and in the morning the
// service cannot be reached. A customer asks for Rex: the clerk searches. The grid says the shop's animals are not
// loaded yet and come with the service's first answer; the screen must not say it a second time above the grid, nor
// claim there that "only those added on this computer are here" over a grid that shows none.
test('the shop not loaded, a search that hides the animals added here: “not loaded yet” is said once, by the grid', async ({
  petstore,
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, service, dataDir } = petstore;
  const ui = await onTheList(page);
  await expect(ui.summary()).toHaveText(/^40 animals/);
  await ui.addAnimal('Biscuit', 'Dogs');
  await ui.addAnimal('Pepper', 'Cats');
  await page.keyboard.press('Escape');
  await expect(ui.summary()).toHaveText(/^42 animals/);
  await page.close();
  await petstore.preview?.close();

  const folder = join(dataDir, 'app');
  const [copy = ''] = readdirSync(folder).filter((name) => /^catalogue-demo-[0-9a-f]{16}\.jsonl$/.test(name));
  const text = readFileSync(join(folder, copy), 'utf8');
  writeFileSync(join(folder, copy), `${'\u0000'.repeat(8)}${text.slice(8)}`);
  await service.stop();

  await nextMorning(
    petstore,
    browser,
    folder,
    async (morning) => {
      const m = screens(morning);
      await expect(m.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
      await expect(m.row('Biscuit')).toBeVisible();
      await expect(morning.getByTestId('list-note')).toBeVisible();

      await morning.getByRole('searchbox', { name: 'Search by id or name' }).fill('Rex');
      const grid = morning.getByText(
        /^The animals of .+ are not loaded yet: they come with the service’s first answer\.$/,
      );
      await expect(grid).toBeVisible();
      await expect(morning.getByTestId('list-note'), 'the note over a grid that already says it').toBeHidden();
    },
    quiet,
  );
});
