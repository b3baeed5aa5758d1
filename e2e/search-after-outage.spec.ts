import { expect, test } from './fixtures';
import { startTour } from './support/tour';

test.slow(); // A shop of 262 animals is filled over HTTP first.

test('a search typed while the service was down still answers only itself when the waiting animals are sent, in de', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  await service.fillTo(262, ['available', 'pending', 'sold']);
  const { say } = await startTour(petstore, 'de');
  const summary = page.locator('#list-summary');
  const rows = page.locator('table.pets tbody tr');
  await page.getByRole('button', { name: say('list.refresh'), exact: true }).click();
  await expect(summary).toHaveText(/^262 /);

  // The service goes away; the clerk adds two animals, which wait in the outbox.
  await service.stop();
  await expect(page.locator('.connection')).not.toHaveText('Online', { timeout: 12_000 });
  for (const name of ['Bello', 'Minka']) {
    await page.getByRole('button', { name: say('list.add'), exact: true }).click();
    const form = page.getByRole('region', { name: say('add.title') });
    await form.getByLabel(say('add.name'), { exact: true }).fill(name);
    await form.getByLabel(say('add.category'), { exact: true }).fill('2');
    await form.getByLabel(say('add.name'), { exact: true }).press('Enter');
    await expect(page.locator('.connection')).toHaveText(new RegExp(`^${name === 'Bello' ? 1 : 2} warte`));
    await page.keyboard.press('Escape');
  }

  // Later the clerk searches the shop for animal 262: one row.
  await page.getByLabel(say('list.search'), { exact: true }).fill('262');
  await expect(rows).toHaveCount(1);
  await expect(summary).toHaveText('1 von 264');

  // The service comes back and sends the two waiting animals by itself; nobody touches the search.
  await service.start();
  await expect(page.locator('.connection')).toHaveText('Online', { timeout: 20_000 });
  await expect.poll(async () => (await service.allPets()).length, { timeout: 20_000 }).toBe(264);
  await page.waitForTimeout(1_000);
  // The search still means what was typed: Bello (263) and Minka (264) do not match "262".
  await expect(rows, 'only animal 262 answers the search "262"').toHaveCount(1);
  await expect(rows.first().getByRole('cell').first()).toHaveText('262');
  await expect(summary).toHaveText('1 von 264');
});
