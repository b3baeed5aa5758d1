/** A service whose list lags behind its adds, and the environment's address changed and put back in the same run. */
import { describe, expect, it } from 'vitest';
import type { CatalogueView, OutboxItem } from '../../../shared';
import { listRows } from '../../../renderer/src/lib/list-rows';
import { cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { forward, passBack, startRelay, type UpstreamAnswer } from '../test-support/relay';

/** The list the counter shows (and exports, and counts): the catalogue's rows and this environment's outbox. */
const shown = (catalogue: CatalogueView, outbox: readonly OutboxItem[]) =>
  listRows(
    catalogue.pets,
    outbox.filter((item) => item.environmentId === 'demo'),
    [],
    catalogue.taken,
  );

describe('Biscuit, added while the shop’s list answers a few seconds behind, then the address changed and put back', () => {
  it('the service gone, the lookup finds Biscuit where the list shows it', async () => {
    // The shop of 260 behind a cache that answers lists from its last full answer while `lagging`.
    const running = await service({ initialPets: shop() });
    const cache = new Map<string, UpstreamAnswer>();
    let lagging = false;
    const relay = await startRelay(async (request, response) => {
      const cached = cache.get(request.url);
      if (request.method === 'GET' && request.url.startsWith('/v1/pets?') && lagging && cached) {
        passBack(response, cached);
        return;
      }
      const answer = await forward(running.url, request, ['content-type', 'idempotency-key']);
      if (request.method === 'GET' && answer.status === 200) cache.set(request.url, answer);
      passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    // The key follows the address to another origin (the clerk said yes).
    const counter = await openCore(folder(), relay.url, { confirmKeyOrigin: () => Promise.resolve(true) });
    await synced(counter);
    lagging = true;
    const outcome = await counter.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    expect(outcome).toMatchObject({ outcome: 'created', pet: { id: '261' } });
    // The sync after the add reads the list as it was a moment ago: the list keeps Biscuit, as sent from here.
    expect(shown(await refreshed(counter), await outboxOf(counter)).some((row) => row.pet.id === '261')).toBe(true);

    // The manager points the demo at the training shop for a moment, then back at the shop.
    const training = await service({ initialPets: shop().slice(0, 3) });
    await counter.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: training.url });
    expect((await refreshed(counter)).count).toBe(3);
    await counter.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: relay.url });
    await refreshed(counter);
    const rows = shown(await counter.invoke('getCatalogue', {}), await outboxOf(counter));
    expect(rows.find((row) => row.pet.id === '261')?.pet.name).toBe('Biscuit');

    // The service goes down; a customer asks about 261. The list shows Biscuit; the lookup must find it too (seen:
    // "The service cannot be reached, and no animal with id 261 is in the shop’s catalogue on this computer").
    await relay.setDown(true);
    const found = await counter.core.invoke('lookupPet', { id: '261' });
    expect(found.ok ? found.value : found.error).toMatchObject({
      source: 'cache',
      pet: { id: '261', name: 'Biscuit' },
    });
  });
});
