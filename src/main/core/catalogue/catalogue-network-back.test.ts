/** The counter's network drops and comes back: the header says Online again, and the list is the shop as it is now. */
import { describe, expect, it } from 'vitest';
import { cleanups, folder, openCore, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { sendJson } from '../test-support';
import { forward, passBack, startRelay } from '../test-support/relay';

/** The catalogue's state and size, until they are as expected (the header's check runs every `checkEveryMs`). */
const catchesUp = (invoke: Awaited<ReturnType<typeof openCore>>['invoke'], timeout: number) =>
  expect.poll(
    async () => {
      const catalogue = await invoke('getCatalogue', {});
      return { state: catalogue.state, count: catalogue.count };
    },
    { timeout },
  );

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
    await catchesUp(counter.invoke, 2000).toEqual({ state: 'fresh', count: 261 });
  });
});

describe('the Refresh meets a page the service fails to serve (500), and the clerk’s lookup is answered just after', () => {
  it('the header says Online, and the list catches up by itself, not at the 3-minute sync', async () => {
    const running = await service({ initialPets: shop() });
    let failing = false;
    const relay = await startRelay(async (request, response) => {
      if (failing && request.url === '/v1/pets?limit=100') {
        sendJson(response, 500, '{"code":"internal","message":"internal","status":500}');
        return;
      }
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    // A check a second (5 s in the app), and no catch-up sync within 500 ms of the last (15 s in the app).
    const counter = await openCore(folder(), relay.url, { freshness: { checkEveryMs: 1000, focusSyncAfterMs: 500 } });
    expect(await synced(counter)).toMatchObject({ count: 260, state: 'fresh' });

    failing = true;
    expect((await refreshed(counter)).state).toBe('offline');
    failing = false;
    running.insertPets([{ name: 'Newcomer', categoryId: '1', status: 'available' }]);
    // The lookup's answer puts the header back Online before its next check.
    expect((await counter.core.invoke('lookupPet', { id: '1' })).ok).toBe(true);
    expect((await counter.invoke('getStatus', {})).connectivity.service.health).toBe('online');
    await catchesUp(counter.invoke, 3000).toEqual({ state: 'fresh', count: 261 });
  });
});
