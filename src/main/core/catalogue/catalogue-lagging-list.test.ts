/** A service whose list lags behind its adds (a cache, a read replica): the animal just added stays in the list, and
 * the lookup and a restart keep it too. */
import { describe, expect, it } from 'vitest';
import type { CatalogueView, OutboxItem } from '../../../shared';
import { listRows, listTotals } from '../../../renderer/src/lib/list-rows';
import { cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import type { CoreOptions } from '../index';
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

/** Biscuit added (#261) while the list lags: the sync after the add reads the list as it was a moment ago. */
async function biscuitAddedLagging(dir = folder(), options: Partial<CoreOptions> = {}) {
  const { relay, lag } = await cachedShop();
  const counter = await openCore(dir, relay.url, options);
  await synced(counter);
  lag(true);
  const outcome = await counter.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
  expect(outcome).toMatchObject({ outcome: 'created', pet: { id: '261' } });
  return { relay, lag, counter };
}

describe('a service whose list answers from a cache a few seconds behind its adds', () => {
  it('the animal just added stays a row of the list, counted, until the list shows it', async () => {
    const { lag, counter } = await biscuitAddedLagging();
    // At once, the list shows it (the core put it in the catalogue before answering).
    expect(shown(await counter.invoke('getCatalogue', {}), await outboxOf(counter)).map((row) => row.pet.id)).toContain(
      '261',
    );
    // The sync after the add (or the clerk's Refresh) gets the list as it was a moment ago.
    const catalogue = await refreshed(counter);
    expect(catalogue.state).toBe('fresh');
    expect(catalogue.pets.some((pet) => pet.id === '261')).toBe(false);
    // The service has Biscuit (its add said 201, id 261): the clerk's list keeps it, as sent, not listed yet.
    const rows = shown(catalogue, await outboxOf(counter));
    const biscuit = rows.find((row) => row.pet.id === '261');
    expect(biscuit?.pet.name).toBe('Biscuit');
    expect(biscuit?.sentAt).toBeGreaterThan(0);
    expect(listTotals(rows).all).toBe(261);

    // The list catches up: Biscuit is the catalogue's row, once.
    lag(false);
    const caughtUp = shown(await refreshed(counter), await outboxOf(counter));
    expect(caughtUp.filter((row) => row.pet.id === '261')).toHaveLength(1);
    expect(listTotals(caughtUp).all).toBe(261);
  });
});

describe('Biscuit, added while the shop’s list answers a few seconds behind', () => {
  it('is still a row of the list after closing at the end of the day and opening with the service down', async () => {
    const dir = folder();
    const { relay, counter } = await biscuitAddedLagging(dir);
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
    const { relay, counter } = await biscuitAddedLagging();
    const rows = shown(await refreshed(counter), await outboxOf(counter));
    expect(rows.find((row) => row.pet.id === '261')?.pet.name).toBe('Biscuit');

    await relay.setDown(true);
    // The customer asks about 261: the lookup answers from the copy, as the list shows it.
    const found = await counter.core.invoke('lookupPet', { id: '261' });
    expect(found).toMatchObject({ ok: true, value: { source: 'cache', pet: { id: '261', name: 'Biscuit' } } });
  });
});

describe('Biscuit, added while the shop’s list answers a few seconds behind, then the address changed and put back', () => {
  it('the service gone, the lookup finds Biscuit where the list shows it', async () => {
    // The key follows the address to another origin (the clerk said yes).
    const { relay, counter } = await biscuitAddedLagging(folder(), { confirmKeyOrigin: () => Promise.resolve(true) });
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
