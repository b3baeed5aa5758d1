/** A service whose list lags behind its adds (a cache): what the list keeps of the animal just added, the lookup and a
 * restart keep too. */
import { describe, expect, it } from 'vitest';
import type { CatalogueView, OutboxItem } from '../../../shared';
import { listRows, listTotals } from '../../../renderer/src/lib/list-rows';
import { cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { forward, passBack, startRelay, type Relay, type UpstreamAnswer } from '../test-support/relay';

/** The list the counter shows (and exports, and counts): the catalogue's rows and this environment's outbox. */
const shown = (catalogue: CatalogueView, outbox: readonly OutboxItem[]) =>
  listRows(
    catalogue.pets,
    outbox.filter((item) => item.environmentId === 'demo'),
    [],
    catalogue.taken,
  );

/** The shop behind a cache that answers lists from its last full answer while `lagging` (304 to a matching tag). */
async function cachedShop(): Promise<{ relay: Relay; lag: (on: boolean) => void }> {
  const running = await service({ initialPets: shop() });
  const cache = new Map<string, UpstreamAnswer>();
  let lagging = false;
  const relay = await startRelay(async (request, response) => {
    const cached = cache.get(request.url);
    if (request.method === 'GET' && request.url.startsWith('/v1/pets?') && lagging && cached) {
      const etag = cached.headers.get('etag');
      if (etag !== null && request.headers['if-none-match'] === etag) {
        const link = cached.headers.get('link');
        response.writeHead(304, { etag, ...(link ? { link } : {}) });
        response.end();
        return;
      }
      passBack(response, cached);
      return;
    }
    const answer = await forward(running.url, request, ['content-type', 'idempotency-key', 'if-none-match']);
    if (request.method === 'GET' && answer.status === 200) cache.set(request.url, answer);
    passBack(response, answer);
  });
  cleanups.push(() => relay.close());
  return { relay, lag: (on) => (lagging = on) };
}

describe('Biscuit, added while the shop’s list answers a few seconds behind', () => {
  it('is still a row of the list after closing at the end of the day and opening with the service down', async () => {
    const dir = folder();
    const { relay, lag } = await cachedShop();
    const counter = await openCore(dir, relay.url);
    await synced(counter);
    lag(true);
    const outcome = await counter.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    expect(outcome).toMatchObject({ outcome: 'created', pet: { id: '261' } });
    // The sync after the add reads the list as it was a moment ago: the list keeps Biscuit as sent, 261 animals.
    const before = shown(await refreshed(counter), await outboxOf(counter));
    expect(before.find((row) => row.pet.id === '261')?.pet.name).toBe('Biscuit');
    expect(listTotals(before).all).toBe(261);

    // The clerk closes for the night; next morning the service cannot be reached.
    await counter.core.close();
    await relay.setDown(true);
    const morning = await openCore(dir, relay.url);
    const catalogue = await refreshed(morning);
    expect(catalogue.state).toBe('offline');
    const rows = shown(catalogue, await outboxOf(morning));
    // Nothing the service said since: the list the clerk left is the list she finds.
    expect(rows.find((row) => row.pet.id === '261')?.pet.name).toBe('Biscuit');
    expect(listTotals(rows).all).toBe(261);
  });

  it('the service gone a minute later, the lookup finds Biscuit where the list shows it', async () => {
    const { relay, lag } = await cachedShop();
    const counter = await openCore(folder(), relay.url);
    await synced(counter);
    lag(true);
    const outcome = await counter.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    expect(outcome).toMatchObject({ outcome: 'created', pet: { id: '261' } });
    const rows = shown(await refreshed(counter), await outboxOf(counter));
    expect(rows.find((row) => row.pet.id === '261')?.pet.name).toBe('Biscuit');

    await relay.setDown(true);
    // The customer asks about 261: the lookup answers from the copy, as the list shows it.
    const found = await counter.core.invoke('lookupPet', { id: '261' });
    expect(found).toMatchObject({ ok: true, value: { source: 'cache', pet: { id: '261', name: 'Biscuit' } } });
  });
});
