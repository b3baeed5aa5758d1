import { expect, test } from './fixtures';
import { screens } from './support/screens';

// During an outage a clerk adds three puppies of one litter, in birth order, and searches for them. When the service
// comes back they are sent in the order they were added, though the newest (tried least) falls due first: their rows
// keep their places while they go from "not sent yet" to the service's rows, and the first-born gets the lowest id.

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

  // Every order the rows are drawn in, from now on.
  // (A script as text: the specs are typed without the DOM.)
  await page.evaluate(`{
    const orders = (window.orders = []);
    const record = () => {
      const names = [...document.querySelectorAll('table.pets tbody tr td:nth-child(2)')]
        .map((cell) => /Litter \\w+/.exec(cell.textContent ?? '')?.[0])
        .filter((name) => name !== undefined);
      if (names.join() !== orders.at(-1)?.join()) orders.push(names);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    record();
  }`);

  await service.start();
  await expect(ui.connection()).toHaveText(/^Online/, { timeout: 30_000 });
  await expect(ui.table()).not.toContainText('not sent yet');

  const created = (await service.allPets()).filter((pet) => LITTER.includes(pet.name));
  const byId = [...created].sort((a, b) => Number(a.id) - Number(b.id)).map((pet) => pet.name);
  const orders = await page.evaluate<string[][]>('window.orders');
  expect.soft(orders, 'the rows never change places').toEqual([LITTER]);
  expect.soft(byId, 'the ids follow the order the clerk added them in').toEqual(LITTER);
});
