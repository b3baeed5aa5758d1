/** A lookup's 404 for an animal the service's list still holds: the list, not the lookup, has the last word. */
import { describe, expect, it } from 'vitest';
import { refreshed, synced } from '../test-support/catalogue';
import { cleanups, folder, openCore, service, SHOP } from '../test-support/harness';
import { forward, passBack, startRelay } from '../test-support/relay';

describe('an animal the lookup was told is not there (a 404), while every page of the list still shows it', () => {
  it('is back in the list after the clerk’s Refresh of the unchanged shop (its pages answered 304)', async () => {
    const running = await service({ initialPets: SHOP });
    // Behind the gateway, the lookup of Stock 6 reaches a replica that lags: the service's own "no such animal".
    const shop = await startRelay(async (request, response) => {
      const lagging = request.url === '/v1/pets/7';
      const asked = lagging ? { ...request, url: '/v1/pets/999999999' } : request;
      passBack(response, await forward(running.url, asked, ['if-none-match']));
    });
    cleanups.push(() => shop.close());
    const harness = await openCore(folder(), shop.url);
    const before = await synced(harness);
    expect(await harness.core.invoke('lookupPet', { id: '7' })).toMatchObject({ ok: false });

    const after = await refreshed(harness);
    expect(after.state).toBe('fresh');
    // The service's list, every page of it unchanged, still holds Stock 6: the list shows the service's truth.
    expect({ count: after.count, stock6: after.pets.find((pet) => pet.id === '7')?.name }).toEqual({
      count: before.count,
      stock6: 'Stock 6',
    });
  });
});
