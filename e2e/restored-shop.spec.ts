// The shop's service comes back at the same address from a database taken before an add here (a restore): every screen
// says the animal is gone, though the outbox keeps it sent for a week.
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { addAnimal, totalsOf } from './support/counter-story';
import { screens } from './support/screens';
import { startServer } from '../src/server';

test('the service is restored from a database without an animal added here: the list and the lookup agree it is gone', async ({
  petstore,
}) => {
  const { page, service, dataDir } = petstore;
  const ui = screens(page);
  await expect(ui.summary()).toHaveText(totalsOf(await service.allPets()));

  await addAnimal(page, 'Biscuit Restored', '2');
  // The form closes as the add leaves: the service holds Biscuit once its answer is in.
  const biscuit = async () => (await service.allPets()).find((pet) => pet.name === 'Biscuit Restored');
  await expect.poll(biscuit).toBeDefined();
  const id = (await biscuit())?.id ?? '';
  await expect(ui.row('Biscuit Restored').getByRole('cell').first()).toHaveText(id);

  // IT restores the shop from a backup taken before the add: same address, same key, the demo's 40 animals.
  const port = Number(new URL(service.url).port);
  await service.stop();
  const restored = await startServer({
    port,
    dbPath: join(dataDir, 'restored.db'),
    apiKeys: [service.apiKey],
    seed: 'demo',
  });
  try {
    const shop = await (async () => {
      const response = await fetch(`${restored.url}/pets?limit=100`, {
        headers: { authorization: `Bearer ${service.apiKey}` },
      });
      return (await response.json()) as { id: number; status: string; name: string }[];
    })();
    expect(shop.some((pet) => pet.name === 'Biscuit Restored')).toBe(false);

    await ui.refresh().click();
    // The lookup asks the service: no animal with that id.
    await ui.nav('Look up by id').click();
    await page.getByLabel('Animal id').fill(id);
    await page.getByLabel('Animal id').press('Enter');
    await expect(page.getByText(new RegExp(`No animal with id ${id}`, 'i')).first()).toBeVisible();

    // The list, a moment later and after another Refresh, must tell the same.
    await ui.nav('Animals').click();
    await ui.refresh().click();
    await ui.quickFilter().fill('Biscuit Restored');
    await expect(ui.rows(), 'the list shows no animal the service does not have').toHaveCount(0);
    await ui.quickFilter().fill('');
    const available = shop.filter((pet) => pet.status === 'available').length;
    await expect(ui.summary()).toHaveText(`${String(shop.length)} animals · ${String(available)} available`);
  } finally {
    await restored.close();
  }
});
