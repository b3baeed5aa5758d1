/** The deprecated lookup once the service has removed it, judged by the counter's clock when that clock is behind. */
import { describe, expect, it } from 'vitest';
import { synced } from './test-support/catalogue';
import { cleanups, folder, openCore, service, SHOP } from './test-support/harness';
import { movableClock } from './test-support';
import { forward, passBack, startRelay } from './test-support/relay';

const DAY_MS = 86_400_000;

describe('5 December 2030, evening: the service removed GET /pets/{petId} this morning; this counter’s clock is a day behind', () => {
  it('looking up Stock 6 by id does not say there is no such animal, nor drop it from the list', async () => {
    const today = Date.parse('2030-12-05T20:00:00Z');
    // The reference service's clock is right (every answer's Date says 5 December).
    const running = await service({ initialPets: SHOP, now: () => Date.now() - Date.now() + today });
    // The lookup route is gone: the service answers it as it answers any route it does not have (its own 404).
    const shop = await startRelay(async (request, response) => {
      const removed = /^\/v1\/pets\/\d+$/.test(request.url);
      const asked = removed ? { ...request, url: request.url.replace('/pets/', '/removed-lookup/') } : request;
      passBack(response, await forward(running.url, asked, ['if-none-match']));
    });
    cleanups.push(() => shop.close());
    const clock = movableClock(today - DAY_MS);
    const harness = await openCore(folder(), shop.url, { now: clock.now });
    const listed = (await synced(harness)).pets.find((pet) => pet.id === '7');
    expect(listed).toMatchObject({ name: 'Stock 6' });

    const found = await harness.core.invoke('lookupPet', { id: '7' });
    // Not "no animal with this id", and Stock 6 still in the list: the route's 404 is not the shop's word.
    expect({
      lookup: found.ok ? found.value.pet : found.error.reason,
      list: (await harness.invoke('getCatalogue', {})).pets.find((pet) => pet.id === '7'),
    }).toEqual({ lookup: listed, list: listed });
  });
});
