/** An add's own rows are told from the shop's by what the shop held when it was added, not by an older copy of it. */
import { describe, expect, it, vi } from 'vitest';
import { synced } from '../test-support/catalogue';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('two counters in one shop whose service ignores keys; the back office adds a Goldie a minute before the front counter does', () => {
  it('the front counter’s Goldie, cut off before it reached the service, is not confirmed as the back office’s: two Goldies', async () => {
    const running = await service({ initialPets: SHOP });
    let cutting = false;
    // Keys are not passed on; once `cutting`, an add's connection is cut before it reaches the service.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && cutting) return void response.socket?.destroy();
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    const front = await openCore(folder(), relay.url);
    // The morning's first add, and the sync after it: the front counter's copy is whole.
    const before = Date.now();
    expect(await front.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await synced(front, before);

    // The back office adds its Goldie; the front counter's copy syncs next in up to three minutes.
    const backOffice = await openCore(folder(), running.url);
    const theirs = await backOffice.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    const theirId = theirs.outcome === 'created' ? theirs.pet.id : 'none';

    cutting = true;
    const outcome = await front.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
    const { id } = outcome.item;
    const goldie = async () => (await outboxOf(front)).find((one) => one.id === id);
    await vi.waitFor(async () => expect((await goldie())?.matches).toBeDefined(), { timeout: 10_000, interval: 50 });
    // Not "On the service: #252", the back office's Goldie, on the service before this one was added.
    expect.soft((await goldie())?.matches?.pets.map((pet) => pet.id)).not.toContain(theirId);

    // The clerk presses what the drawer offers.
    const offered = (await goldie())?.matches?.pets ?? [];
    cutting = false;
    await front.invoke(offered.length === 0 ? 'retryOutboxItem' : 'confirmOutboxItem', { id });
    await vi.waitFor(async () => expect((await goldie())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
    // Two Goldies were added, one at each counter.
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Goldie')).toHaveLength(2);
  }, 30_000);
});
