/** What the catalogue claims to hold: the whole shop, the lists a linkless service shows, or what a cut-short sync kept. */
import { describe, expect, it, vi } from 'vitest';
import { startLinklessService } from '../test-support/linkless-service';
import { forward, passBack, startRelay } from '../test-support/relay';
import { allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';

const urlOf = (input: Parameters<typeof fetch>[0]) => (input instanceof Request ? input.url : input.toString());

/** A fetch whose list pages fail as a dropped network does while `failing` says so for the URL. */
function breakableFetch() {
  const state = { failing: (_url: string): boolean => false };
  const breakable: typeof fetch = (input, init) =>
    state.failing(urlOf(input)) ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
  return { state, fetch: breakable };
}

const ids = (pets: ReadonlyArray<{ id: string }>) => pets.map((pet) => Number(pet.id));

/** A counter on a service that gives no next links and no ETags, in front of a reference service holding `pets`. */
async function linklessCounter(pets: ReturnType<typeof shop>) {
  const upstream = await service({ initialPets: pets });
  const linkless = await startLinklessService(upstream.url);
  cleanups.push(() => linkless.close());
  return { linkless, harness: await openCore(folder(), linkless.url) };
}

describe('a small shop on a service with no next links', () => {
  it('is the whole shop: 30 animals on one page, and each status list shows none of another, are complete', async () => {
    const { harness } = await linklessCounter(shop().slice(0, 30));
    const catalogue = await synced(harness);
    expect(catalogue).toMatchObject({ count: 30, completeness: 'complete', state: 'fresh' });
  });

  it('is the whole shop when every animal is available: no note that some may be missing', async () => {
    const { harness } = await linklessCounter(
      shop()
        .filter((pet) => pet.status === 'available')
        .slice(0, 12),
    );
    const catalogue = await synced(harness);
    expect(catalogue).toMatchObject({ count: 12, completeness: 'complete', state: 'fresh' });
  });
});

describe('a shop of 260 on a service with no next links that answers at most 50 a page', () => {
  it('is not taken for the whole shop, and an add whose answer was lost is not said to be missing', async () => {
    const running = await service({ initialPets: shop() });
    // No Link, no ETag, no Idempotency-Key; lists cut at 50 ("at most `limit`"); an add is made and its answer lost.
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request);
      if (request.method === 'POST') return void response.socket?.destroy();
      if (!/^\/v1\/pets(\?|$)/.test(request.url) || answer.status !== 200) {
        passBack(response, answer);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify((JSON.parse(answer.text) as unknown[]).slice(0, 50)));
    });
    cleanups.push(() => relay.close());
    const counter = await openCore(folder(), relay.url);

    await counter.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    await vi.waitFor(async () => expect((await outboxOf(counter))[0]?.matches).toBeDefined());
    const [goldie] = await outboxOf(counter);
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Goldie')).toHaveLength(1);
    // Not "No animal with this name and category is on the service now": the clerk would send it again.
    expect(goldie?.matches?.complete).toBe(false);
    expect((await counter.invoke('getCatalogue', {})).completeness).toBe('service_lists_capped');
  });
});

describe('a large shop on a service that lists at most 100 a status', () => {
  it('keeps its rows in id order, and an animal the lists missed, looked up by id, goes in at its place', async () => {
    const { harness } = await linklessCounter(shop());
    const catalogue = await synced(harness);
    expect(catalogue.completeness).toBe('service_lists_capped');
    const sorted = (pets: ReadonlyArray<{ id: string }>) => [...ids(pets)].sort((a, b) => a - b);
    expect(ids(catalogue.pets)).toEqual(sorted(catalogue.pets));
    // Animal 201 is available, past the first 100 available: no list showed it.
    expect(ids(catalogue.pets)).not.toContain(201);
    expect(await harness.invoke('lookupPet', { id: '201' })).toMatchObject({ pet: { name: 'Animal 201' } });
    const after = await harness.invoke('getCatalogue', {});
    expect(after.count).toBe(catalogue.count + 1);
    expect(ids(after.pets)).toEqual(sorted([...catalogue.pets, { id: '201' }]));
  });

  it('gives the union of "All" and each status list at 100, and says some may be missing', async () => {
    const { harness, linkless } = await linklessCounter(shop());
    const catalogue = await synced(harness);
    expect(catalogue.completeness).toBe('service_lists_capped');
    expect(linkless.requests.map((request) => request.url)).toEqual(
      expect.arrayContaining([
        '/v1/pets?limit=100',
        '/v1/pets?limit=100&status=available',
        '/v1/pets?limit=100&status=pending',
        '/v1/pets?limit=100&status=sold',
      ]),
    );
    // The first 100, and the first 100 available, 65 pending, 65 sold.
    expect(ids(catalogue.pets)).toContain(260);
    expect(catalogue.count).toBeLessThan(260);
    expect(catalogue.count).toBeGreaterThan(100);

    // Refreshed: without ETags every page comes in full, and an unchanged shop still writes nothing.
    const again = await (async () => {
      await harness.invoke('refreshCatalogue', {});
      return synced(harness, catalogue.syncedAt ?? 0);
    })();
    expect(again.petsRevision).toBe(catalogue.petsRevision);
    expect(again.pets).toEqual(catalogue.pets);
  });
});

describe('a refresh the network cuts short', () => {
  it('after two of its three pages keeps the 260 it had, on screen and on disk, and the next refresh brings all 290', async () => {
    const running = await service({ initialPets: shop() });
    const network = breakableFetch();
    const dir = folder();
    const harness = await openCore(dir, running.url, { fetch: network.fetch });
    const before = await synced(harness);
    expect(before).toMatchObject({ count: 260, completeness: 'complete' });

    running.insertPets(
      Array.from({ length: 30 }, (_, index) => ({ name: `Latecomer ${String(index + 1)}`, categoryId: '2' })),
    );
    network.state.failing = (url) => url.includes('after=200');
    const cut = await refreshed(harness);
    expect(cut.state).not.toBe('fresh');
    expect(cut).toMatchObject({ count: 260, completeness: 'complete', syncedAt: before.syncedAt });
    expect(ids(cut.pets)).toEqual(ids(before.pets));
    await harness.core.close();

    // A restart, still cut off: the copy on disk is the shop of 260.
    const again = await openCore(dir, running.url, { fetch: network.fetch });
    expect(await again.invoke('getCatalogue', {})).toMatchObject({ count: 260, completeness: 'complete' });
    network.state.failing = () => false;
    const whole = await refreshed(again);
    expect(whole).toMatchObject({ count: 290, completeness: 'complete', state: 'fresh' });
    expect(whole.pets.at(-1)).toMatchObject({ id: '290', name: 'Latecomer 30' });
  });
});

/**
 * An add that went through while the list pages did not, so the catalogue holds it from the add alone; then the
 * service's store is put back from last night's `backup` on the same address, without it.
 */
async function addedThenRestored(backup: ReturnType<typeof shop>) {
  const yesterday = await service({ initialPets: shop() });
  const { port } = new URL(yesterday.url);
  const network = breakableFetch();
  const harness = await openCore(folder(), yesterday.url, { fetch: network.fetch });
  await synced(harness);
  network.state.failing = (url) => url.includes('/pets?limit=');
  expect(await harness.invoke('createPet', { pet: { name: 'Newcomer', categoryId: '1' } })).toMatchObject({
    outcome: 'created',
  });
  expect(ids((await refreshed(harness)).pets)).toContain(261);
  await yesterday.close();
  await service({ initialPets: backup, port: Number(port) });
  network.state.failing = () => false;
  return refreshed(harness);
}

describe('an animal added here that the service no longer has (its store put back from last night’s backup)', () => {
  it('leaves the catalogue at the next sync of the whole list, where the backup also differs elsewhere', async () => {
    const backup = shop().map((pet, index) => (index === 249 ? { ...pet, name: 'Animal 250, renamed' } : pet));
    const restored = await addedThenRestored(backup);
    expect(restored).toMatchObject({ count: 260, completeness: 'complete', state: 'fresh' });
    expect(restored.pets.map((pet) => pet.name)).not.toContain('Newcomer');
    expect(restored.pets.at(-11)).toMatchObject({ id: '250', name: 'Animal 250, renamed' });
  });

  it('leaves the catalogue at the next sync of the whole list, where every page is as it was before the add (304s)', async () => {
    const restored = await addedThenRestored(shop());
    expect(restored).toMatchObject({ count: 260, completeness: 'complete', state: 'fresh' });
    expect(restored.pets.map((pet) => pet.name)).not.toContain('Newcomer');
  });
});
