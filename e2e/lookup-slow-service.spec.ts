import { expect, test } from './fixtures';
import { withChangingShop } from './support/changing-shop';
import { screens } from './support/screens';

const UNCONFIRMED = 'From this computer’s catalogue, not yet confirmed by the service.';

test('a slow service: the lookup shows the catalogue’s row at once, then the service’s answer wins on both screens', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const shop = await service.allPets();
  await withChangingShop(page, service, async (relay) => {
    const pet = shop[5];
    if (!pet) throw new Error('The demo shop has animals');
    await expect(ui.row(pet.name)).toBeVisible();

    // The deprecated lookup takes four seconds to answer; meanwhile another counter renamed the animal.
    relay.lookupDelayMs = 4_000;
    relay.change(pet.id, { name: 'Renamed Elsewhere' });
    await ui.nav('Look up by id').click();
    const id = page.getByLabel('Animal id');
    await id.fill(pet.id);
    await id.press('Enter');

    // At once: the row this computer holds, said to be not yet confirmed, while the service is asked.
    const card = page.locator('.pet-card');
    await expect(card, 'the catalogue answers at once').toContainText(pet.name, { timeout: 1_000 });
    await expect(page.getByText(UNCONFIRMED)).toBeVisible({ timeout: 1_000 });
    // Then the service's word replaces it, and the list says the same.
    await expect(card).toContainText('Renamed Elsewhere', { timeout: 8_000 });
    await expect(page.getByText(UNCONFIRMED)).toHaveCount(0);
    await expect(page.getByTestId('deprecation-warning')).toBeVisible();
    await ui.nav('Animals').click();
    await expect(ui.row('Renamed Elsewhere')).toBeVisible();
    await expect(ui.row(pet.name)).toHaveCount(0);
  });
});

test('a slow service: the clerk corrects the id and presses Enter again; the card shows the animal of the id in the field', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const [first, second] = (await service.allPets()).slice(3, 5);
  if (!first || !second) throw new Error('The demo shop has animals');
  await withChangingShop(page, service, async (relay) => {
    await expect(ui.rows().first()).toBeVisible();

    // The deprecated lookup takes three seconds. The clerk types the wrong id, sees it, types the right one.
    relay.lookupDelayMs = 3_000;
    await ui.nav('Look up by id').click();
    const id = page.getByLabel('Animal id');
    await id.fill(first.id);
    await id.press('Enter');
    await id.fill(second.id);
    await id.press('Enter');
    // Every text the card shows from now on: the first id's answer, coming meanwhile, must not show for a moment.
    await page.evaluate(`(() => {
      const shown = (window.cardTexts = []);
      const card = () => document.querySelector('.pet-card')?.textContent ?? '';
      new MutationObserver(() => shown.push(card())).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);

    // Whatever the wait, what stands under the id in the field is that id's animal, never the one asked before.
    const card = page.locator('.pet-card');
    await expect(card).toContainText(second.name, { timeout: 1_000 });
    // Both answers have come once the service confirmed the second.
    await expect(page.getByText(UNCONFIRMED)).toHaveCount(0, { timeout: 10_000 });
    await expect(card).toContainText(second.name);
    await expect(id).toHaveValue(second.id);
    const cardTexts = await page.evaluate<string[]>('window.cardTexts');
    expect(cardTexts.filter((text) => text.includes(first.name))).toEqual([]);
  });
});
