import { ELECTRON_CANNOT, expect, test } from './fixtures';
import { copyAge, speak, withCopyAge, words } from './support/catalogue-text';
import { withChangingShop } from './support/changing-shop';
import { expectBadgeWithin10s } from './support/counter-story';
import { everyLook, WINDOW_SIZES } from './support/looks';
import { onTheList, screens } from './support/screens';

test('the header says what is known of the environment in use, and nothing more', async ({ petstore }) => {
  const { page, service } = petstore;
  const ui = await onTheList(page);
  await expect(ui.connection()).toHaveText('Online');

  // No key: not a green "Online" before anything was asked.
  await ui.environment().selectOption('production');
  await expect(ui.connection()).toHaveText('No API key');
  await everyLook(petstore, 'header, production without a key');

  // A host name that does not exist is a wrong address, not "Offline".
  const staging = await ui.openSettingsOf('Staging');
  await ui.addressField('Staging').fill('https://no-such-host.invalid/v1');
  await staging.getByRole('button', { name: 'Save address' }).click();
  await ui.keyField('Staging').fill('a-key-for-staging');
  await staging.getByRole('button', { name: 'Test and save' }).click();
  await expect(staging.getByText(/^Not saved: The service address could not be found/)).toBeVisible();
  await staging.getByRole('button', { name: 'Save anyway' }).click();
  await expect(staging.getByText('Key saved for Staging without a working test.')).toBeVisible();
  await ui.environment().selectOption('staging');
  await ui.nav('Animals').click();
  await expect(ui.connection()).toHaveText('Address not found');
  await expect(ui.connection()).toHaveAttribute('title', 'Service error: the address was not found');
  await everyLook(petstore, 'header, staging at a wrong address');

  // The demo service stops while the network works: "Service unreachable", not "Offline", with the copy of the shop.
  await ui.environment().selectOption('demo');
  await expect(ui.connection()).toHaveText('Online');
  await service.stop();
  await ui.refresh().click();
  // Under its words, without hovering, how old the copy of the shop on screen is.
  await expect(ui.connection()).toHaveText(withCopyAge('Service unreachable'));
  await expect(ui.connection().getByText(new RegExp(`^${copyAge()}$`))).toBeVisible();
  // The whole state is the badge's tooltip, with the copy's age too.
  await expect(ui.connection()).toHaveAttribute(
    'title',
    new RegExp(`^Service unreachable: the network works, but the service does not answer · ${copyAge()}$`),
  );
});

test('after one slow lookup the service freezes: the header still says so within 10 s, with no click', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  const shop = await service.allPets();
  await withChangingShop(page, service, async (relay) => {
    await expect(ui.connection()).toHaveText('Online');
    const pet = shop[5];
    if (!pet) throw new Error('The demo shop has animals');

    // The deprecated lookup is slow (three seconds): the clerk waits for the service's word.
    relay.lookupDelayMs = 3_000;
    await ui.nav('Look up by id').click();
    const id = page.getByLabel('Animal id');
    await id.fill(pet.id);
    await id.press('Enter');
    await expect(page.getByRole('button', { name: 'Look up', exact: true })).toBeVisible({ timeout: 8_000 });

    // Right after, the service freezes: it takes requests and never answers. Nobody touches the screen.
    const frozenAt = Date.now();
    relay.frozen = true;
    await expectBadgeWithin10s(page, /Service unreachable/, frozenAt);
  });
});

test('in the smallest window the badge, its words and the copy’s age, stays whole in sight: it takes a row of its own', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await page.setViewportSize(WINDOW_SIZES[1]);
  // French: the longest screen names beside the longest words for a service gone.
  await speak(page, 'fr');
  await expect(page.locator('table.pets tbody tr').first()).toBeVisible();
  await service.stop();
  await page.getByRole('button', { name: words('fr')('list.refresh'), exact: true }).click();
  await expect(ui.connection()).toHaveText(withCopyAge('Service injoignable', 'fr'));
  const badge = await ui.connection().boundingBox();
  expect(badge && badge.x + badge.width, 'the badge’s right edge').toBeLessThanOrEqual(WINDOW_SIZES[1].width);
  await petstore.snap('header, 800×560 in French, the service gone');
});

test.describe('a copy of the shop from before midnight', () => {
  // The shop was opened yesterday at 23:58, and the service went away since.
  test.use({ appClock: new Date(new Date().setDate(new Date().getDate() - 1)).setHours(23, 58, 0, 0) });

  test('the header says the copy’s day with its time, so the clerk does not take it for today’s', async ({
    petstore,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.coreClock);
    const { page, service } = petstore;
    const ui = await onTheList(page);
    await service.stop();
    await ui.refresh().click();
    await expect(ui.connection()).toHaveText(withCopyAge('Service unreachable'));
    await expect(ui.connection().getByText(new RegExp(`^${copyAge('en', '23:58')}$`))).toBeVisible();
    await expect(ui.connection()).not.toHaveText(/Copy from 23:58$/);
  });
});
