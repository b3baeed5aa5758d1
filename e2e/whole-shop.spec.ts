import { ELECTRON_CANNOT, expect, test } from './fixtures';
import {
  addAnimal,
  expectBadgeWithin10s,
  expectSentOnce,
  expectFoundByNameAndId,
  expectListAndLookupAgreeOffline,
  newestOf,
  totalsOf,
} from './support/counter-story';
import { startLinklessService } from '../src/main/core/test-support/linkless-service';
import { copyAge, withCopyAge } from './support/catalogue-text';
import { configureEnvironment, onTheList, screens } from './support/screens';

test.slow(); // A shop of 260 animals is filled over HTTP first.

test('the shop’s service goes away and comes back: the header notices by itself within 10 s, and offline the list and the lookup agree on the 260th', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  await service.fillTo(260);
  const shop = await service.allPets();
  const newest = newestOf(shop);
  const totals = totalsOf(shop);
  await ui.refresh().click();
  await expect(ui.summary()).toHaveText(totals);
  await expect(ui.connection()).toHaveText('Online');

  // The service's process stops (the network still works); nobody touches the screen.
  const url = service.url;
  const stoppedAt = Date.now();
  await service.stop();
  // With, in sight, how old the copy of the shop the clerk goes on working from is.
  await expectBadgeWithin10s(page, withCopyAge('Service unreachable'), stoppedAt);
  await expect(ui.connection().getByText(new RegExp(`^${copyAge()}$`))).toBeVisible();
  await petstore.snap('the header noticed by itself');

  // The animal from the last page, asked both ways: the same name and status, from this computer's copy.
  await expectListAndLookupAgreeOffline(page, newest);
  await expect(ui.summary()).toHaveText(totals);

  // The service comes back on its port; again nobody touches the screen.
  const startedAt = Date.now();
  expect(await service.start(), 'the service is back at its address').toBe(url);
  await expectBadgeWithin10s(page, 'Online', startedAt);
});

test('a service with no next link and no ETag: the whole shop all the same, said plainly, kept offline, an animal added offline sent once', async ({
  petstore,
}) => {
  const { page, service } = petstore;
  const ui = screens(page);
  // No status holds more than 100, so the "All" list and the three status lists hold every animal between them.
  await service.fillTo(260, ['pending', 'sold', 'available']);
  const shop = await service.allPets();
  for (const status of ['available', 'pending', 'sold'])
    expect(shop.filter((pet) => pet.status === status).length).toBeLessThanOrEqual(100);
  const newest = newestOf(shop);
  const linkless = await startLinklessService(service.url);
  try {
    await configureEnvironment(page, 'Demo (local)', linkless.url, service.apiKey);

    // The whole shop, with what the service cannot promise said plainly.
    await ui.nav('Animals').click();
    await expect(ui.summary()).toHaveText(totalsOf(shop));
    await expect(
      page.getByText('The service shows at most 100 animals per status, so some animals may be missing here.'),
    ).toBeVisible();
    await expectFoundByNameAndId(page, newest, 260);
    await petstore.snap('the whole shop from a service without next links');

    // The service goes away; the header notices by itself.
    const stoppedAt = Date.now();
    await linkless.setDown(true);
    await expectBadgeWithin10s(page, withCopyAge('Service unreachable'), stoppedAt);
    await expectListAndLookupAgreeOffline(page, newest);

    // An animal added now is a row of the list, marked, and found by search.
    await addAnimal(page, 'Bubbles Offline', '2');
    await ui.quickFilter().fill('bubbles off');
    await expect(ui.notSentRow('Bubbles Offline')).toBeVisible();
    await expect(ui.rows()).toHaveCount(1);
    await expect(ui.summary()).toHaveText('1 of 261');

    // The service is back: the header says so by itself, and the animal is created exactly once.
    const startedAt = Date.now();
    await linkless.setDown(false);
    await expectBadgeWithin10s(page, 'Online', startedAt);
    await expectSentOnce(page, 'Bubbles Offline', service);
  } finally {
    await linkless.close();
  }
});

test('coming back to the window brings what another counter added meanwhile, with no Refresh', async ({
  petstore,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', ELECTRON_CANNOT.coreClock);
  const { page, service } = petstore;
  const ui = await onTheList(page);
  await ui.quickFilter().fill('Zora');
  await expect(ui.summary()).toContainText('0 of');

  // The clerk serves at the other till for a while; meanwhile another counter adds an animal.
  await page.evaluate("window.dispatchEvent(new Event('blur'))");
  await service.add({ name: 'Zora', categoryId: 1 });
  petstore.advanceClock(20_000);
  await page.evaluate("window.dispatchEvent(new Event('focus'))");
  await expect(ui.row('Zora')).toBeVisible({ timeout: 5_000 });
});
