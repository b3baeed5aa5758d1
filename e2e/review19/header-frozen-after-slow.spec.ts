import { expect, test } from '../fixtures';
import { expectBadgeWithin10s } from '../support/counter-story';
import { configureEnvironment, screens } from '../support/screens';
import { startChangingShop } from '../support/changing-shop';

test('the service answers one lookup slowly, then freezes: the header notices within 10 s, with no click', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const shop = await service.allPets();
  const relay = await startChangingShop(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', relay.url, service.apiKey);
    await ui.nav('Animals').click();
    await expect(ui.connection()).toHaveText('Online');
    const pet = shop[5];
    if (!pet) throw new Error('The demo shop has animals');

    // The deprecated lookup is slow (three seconds): the clerk waits for it.
    relay.lookupDelayMs = 3_000;
    await ui.nav('Look up by id').click();
    const id = page.getByLabel('Animal id');
    await id.fill(pet.id);
    await id.press('Enter');
    await expect(page.locator('.pet-card')).toContainText(pet.name, { timeout: 8_000 });

    // Right after, the service freezes: it takes requests and never answers. Nobody touches the screen.
    const frozenAt = Date.now();
    relay.frozen = true;
    await expectBadgeWithin10s(page, /Service unreachable/, frozenAt);
  } finally {
    await relay.close();
  }
});
