import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Pet } from '../../../shared';
import { forward, passBack, startRelay, type Relay } from '../test-support/relay';
import { cleanups, folder, KEY, openCore, service, SHOP } from '../test-support/harness';
import { cataloguesIn, refreshed, synced } from '../test-support/catalogue';
import { PetstoreClient } from '../petstore-client';

/** Shop A's five animals (its #6 is its own newest) and shop B's 250, whose #6 is "Stock 5". */
const SHOP_A = [...SHOP.slice(0, 5), { name: 'Only in shop A', categoryId: '2' }];

/** A relay in front of shop A that holds each look-up of one animal until the test lets it through. */
async function slowLookups(upstream: string): Promise<{ relay: Relay; release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const relay = await startRelay(async (request, response) => {
    if (/^\/v1\/pets\/\d+$/.test(request.url)) await held;
    const answer = await forward(upstream, request);
    passBack(response, answer);
  });
  cleanups.push(() => relay.close());
  return { relay, release };
}

/** An add at the service at `baseUrl`, as the outbox sends it. */
const addAt = (baseUrl: string, name: string): Promise<Pet> =>
  new PetstoreClient({ fetch, baseUrl, apiKey: KEY, appVersion: 'test' }).createPet(
    { name, categoryId: '2' },
    { idempotencyKey: `add-${name.replaceAll(' ', '-')}-0001` },
  );

describe('a look-up shop A answers after the clerk moved the environment to shop B', () => {
  const moveToB = async (harness: Awaited<ReturnType<typeof openCore>>, shopB: string) => {
    const before = await harness.invoke('getCatalogue', {});
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopB });
    return synced(harness, before.syncedAt ?? 0);
  };

  it('shows shop A’s animal but leaves shop B’s #6 in B’s copy, after a Refresh too', async () => {
    const shopA = await service({ initialPets: SHOP_A });
    const shopB = await service({ initialPets: SHOP });
    const { relay, release } = await slowLookups(shopA.url);
    const harness = await openCore(folder(), relay.url, { confirmKeyOrigin: () => Promise.resolve(true) });
    await synced(harness);
    const looking = harness.invoke('lookupPet', { id: '6' });
    await vi.waitFor(() => expect(relay.requests.some((request) => request.url === '/v1/pets/6')).toBe(true));
    expect((await moveToB(harness, shopB.url)).count).toBe(250);
    release();
    // The clerk asked shop A: that is the answer, but it says nothing of shop B's copy.
    const answer = await looking;
    expect(answer).toMatchObject({ source: 'service', pet: { id: '6', name: 'Only in shop A' } });
    expect(answer.catalogue).toBeUndefined();
    const copy = await refreshed(harness);
    expect(copy).toMatchObject({ count: 250, state: 'fresh' });
    expect(copy.pets.find((pet) => pet.id === '6')).toMatchObject({ name: 'Stock 5' });
    expect(copy.pets.filter((pet) => pet.name === 'Only in shop A')).toEqual([]);
  });

  it('“no animal with this id” from shop A does not take B’s #6 out of B’s copy', async () => {
    const shopA = await service({ initialPets: SHOP.slice(0, 5) });
    const shopB = await service({ initialPets: SHOP });
    const { relay, release } = await slowLookups(shopA.url);
    const harness = await openCore(folder(), relay.url, { confirmKeyOrigin: () => Promise.resolve(true) });
    await synced(harness);
    const looking = harness.core.invoke('lookupPet', { id: '6' });
    await vi.waitFor(() => expect(relay.requests.some((request) => request.url === '/v1/pets/6')).toBe(true));
    await moveToB(harness, shopB.url);
    release();
    expect(await looking).toMatchObject({ ok: false, error: { kind: 'not_found', reason: 'no_animal_with_id' } });
    const copy = await harness.invoke('getCatalogue', {});
    expect(copy.count).toBe(250);
    expect(copy.pets.find((pet) => pet.id === '6')).toMatchObject({ name: 'Stock 5' });
  });
});

describe('an animal the outbox sent to shop A, reported after the environment moved to shop B', () => {
  it('stays out of shop B’s copy: not shown, not written, not there after a restart', async () => {
    const shopA = await service({ initialPets: SHOP.slice(0, 5) });
    const shopB = await service({ initialPets: SHOP });
    const dataDir = folder();
    let baseUrl = shopA.url;
    const open = () => cataloguesIn(() => baseUrl, dataDir, 0);
    const catalogues = open();
    await catalogues.sync('demo');
    // Sent to shop A; by the time the outbox reports it, the clerk has moved the environment to shop B.
    const created = await addAt(shopA.url, 'Only in shop A');
    expect(created.id).toBe('6');
    baseUrl = shopB.url;
    await catalogues.sync('demo');
    await catalogues.putSent('demo', shopA.url, created, randomUUID());
    await catalogues.sync('demo');
    const shown = await catalogues.view('demo');
    expect(shown.count).toBe(250);
    expect(shown.pets.find((pet) => pet.id === '6')).toMatchObject({ name: 'Stock 5' });
    await catalogues.close();
    const again = open();
    const restarted = await again.view('demo');
    expect(restarted.pets.filter((pet) => pet.name === 'Only in shop A')).toEqual([]);
    expect(restarted.count).toBe(250);
    await again.close();
  });
});

describe('an animal just added, before its sync, when the clerk looks at another shop and comes back', () => {
  it('is in the first shop’s copy on coming back, its service down meanwhile: the list and the look-up find it', async () => {
    const shopA = await service({ initialPets: SHOP });
    const shopB = await service({ initialPets: SHOP.slice(0, 3) });
    // Shop A's list answers no more once the animal is added: the sync after the add never ends there.
    let listing = true;
    const relayA = await startRelay(async (request, response) => {
      if (!listing && request.method === 'GET') await new Promise(() => undefined);
      const answer = await forward(shopA.url, request, ['content-type', 'idempotency-key']);
      passBack(response, answer);
    });
    cleanups.push(() => relayA.close());
    const harness = await openCore(folder(), relayA.url, { confirmKeyOrigin: () => Promise.resolve(true) });
    expect((await synced(harness)).count).toBe(250);
    listing = false;
    const added = await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } });
    if (added.outcome !== 'created') throw new Error(`not created: ${added.outcome}`);
    expect((await harness.invoke('getCatalogue', {})).count).toBe(251);
    const before = await harness.invoke('getCatalogue', {});
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopB.url });
    expect((await synced(harness, before.syncedAt ?? 0)).count).toBe(3);
    await relayA.setDown(true);
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: relayA.url });
    const back = await harness.invoke('getCatalogue', {});
    expect(back.count).toBe(251);
    expect(back.pets.at(-1)).toEqual(added.pet);
    expect(await harness.invoke('lookupPet', { id: added.pet.id })).toMatchObject({
      source: 'cache',
      pet: added.pet,
    });
  });

  it('is in the first shop’s copy after a restart when the app closed before any screen looked at the other shop', async () => {
    const shopA = await service({ initialPets: SHOP });
    const shopB = await service({ initialPets: SHOP.slice(0, 3) });
    const dataDir = folder();
    let baseUrl = shopA.url;
    // No sync after the add before the app closes.
    const catalogues = cataloguesIn(() => baseUrl, dataDir, 60_000);
    await catalogues.sync('demo');
    const created = await addAt(shopA.url, 'Bella');
    await catalogues.putSent('demo', shopA.url, created, randomUUID());
    baseUrl = shopB.url;
    await catalogues.close();
    baseUrl = shopA.url;
    const restarted = cataloguesIn(() => baseUrl, dataDir, 60_000);
    const copy = await restarted.view('demo');
    await restarted.close();
    expect(copy.count).toBe(251);
    expect(copy.pets.at(-1)).toEqual(created);
  });
});
