import { expect, test } from './fixtures';
import { screens } from './support/screens';

// During an outage a clerk adds three puppies of one litter, in birth order, and searches for them. When the service
// comes back they are sent in the order they were added, though the newest (tried least) falls due first: the
// first-born gets the lowest id, and the rows end in that order.

const LITTER = ['Litter Anton', 'Litter Berta', 'Litter Caesar'];

test('animals added during an outage keep the order they were added in, on the list and in their ids', async ({
  petstore,
}) => {
  test.setTimeout(120_000);
  const { page, service } = petstore;
  const ui = screens(page);
  await expect(ui.rows().first()).toBeVisible();
  await service.stop();
  await expect(ui.connection()).toHaveText(/^Service unreachable/, { timeout: 15_000 });
  for (const name of LITTER) {
    await ui.addAnimal(name, 'Dogs');
    await expect(ui.notSentRow(name)).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await ui.quickFilter().fill('Litter');

  await service.start();
  await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
  await expect(ui.table()).not.toContainText('not sent yet');

  const created = (await service.allPets()).filter((pet) => LITTER.includes(pet.name));
  const byId = [...created].sort((a, b) => Number(a.id) - Number(b.id)).map((pet) => pet.name);
  expect(byId, 'the ids follow the order the clerk added them in').toEqual(LITTER);
  await expect(ui.rows()).toContainText(LITTER);
});
