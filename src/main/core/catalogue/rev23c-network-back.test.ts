/** The counter's network drops and comes back: the header says Online again, and the list is the shop as it is now. */
import { describe, expect, it } from 'vitest';
import { folder, openCore, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';

describe('the network drops during the morning, the clerk’s Refresh fails, and the network comes back', () => {
  it('once the header says Online again, the list catches up: no "Copy from 09:14" of an old shop under it', async () => {
    const running = await service({ initialPets: shop() });
    // The header checks every 200 ms here (5 s in the app); the background sync stays at its 3 minutes.
    const counter = await openCore(folder(), running.url, { freshness: { checkEveryMs: 200 } });
    expect(await synced(counter)).toMatchObject({ count: 260, state: 'fresh' });

    counter.core.setPlatformOnline(false);
    const cut = await refreshed(counter);
    expect(cut.state).toBe('offline');
    // Meanwhile another counter adds an animal.
    running.insertPets([{ name: 'Newcomer', categoryId: '1', status: 'available' }]);

    counter.core.setPlatformOnline(true);
    await expect.poll(async () => (await counter.invoke('getStatus', {})).connectivity.service.health).toBe('online');
    // The header's check runs 10 times in the next two seconds: back online, the catalogue syncs.
    await expect
      .poll(
        async () => {
          const catalogue = await counter.invoke('getCatalogue', {});
          return { state: catalogue.state, count: catalogue.count };
        },
        { timeout: 2000 },
      )
      .toEqual({ state: 'fresh', count: 261 });
  });
});
