import { expect, test } from '../fixtures';
import { configureEnvironment, screens } from '../support/screens';
import { startChangingShop } from '../support/changing-shop';

test('a slow service: the clerk corrects the id and presses Enter again; the card shows the animal of the id in the field', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const [first, second] = (await service.allPets()).slice(3, 5);
  if (!first || !second) throw new Error('The demo shop has animals');
  const relay = await startChangingShop(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', relay.url, service.apiKey);
    await ui.nav('Animals').click();
    await expect(ui.rows().first()).toBeVisible();

    // The deprecated lookup takes three seconds. The clerk types the wrong id, sees it, types the right one.
    relay.lookupDelayMs = 3_000;
    await ui.nav('Look up by id').click();
    const id = page.getByLabel('Animal id');
    await id.fill(first.id);
    await id.press('Enter');
    await id.fill(second.id);
    await id.press('Enter');

    // Whatever the wait, what stands under the id in the field is that id's animal, never the one asked before.
    const card = page.locator('.pet-card');
    await expect(card).toContainText(second.name, { timeout: 10_000 });
    await expect(card).not.toContainText(first.name);
    await expect(id).toHaveValue(second.id);
  } finally {
    await relay.close();
  }
});
