/** A lookup by id is not the list's word: one 404 from a replica behind must not take Bella off the clerk's check. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { refreshed } from '../test-support/catalogue';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('Bella created just after the counter gave up; the list shows her, then one lookup hits a replica behind', () => {
  it('the drawer still offers Bella after the lookup’s 404, and pressing what it offers leaves one Bella', async () => {
    const running = await service({ initialPets: SHOP });
    let posts = 0;
    // While set, a lookup of this id is answered by a replica that has not got her yet (404).
    let behindFor: string | undefined;
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && (posts += 1) === 1) {
        await sleep(1500);
        await forward(running.url, request);
        return void response.socket?.destroy();
      }
      if (request.method === 'GET' && behindFor !== undefined && request.url === `/v1/pets/${behindFor}`) {
        passBack(response, await forward(running.url, { ...request, url: '/v1/pets/999999' }));
        return;
      }
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
    const outcome = await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '3' } });
    if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
    const { id } = outcome.item;
    const bella = async () => (await outboxOf(harness)).find((one) => one.id === id);
    const onService = async () => (await allPets(running.url)).filter((pet) => pet.name === 'Bella');
    await vi.waitFor(async () => expect((await bella())?.matches).toBeDefined(), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect(await onService()).toHaveLength(1), { timeout: 5000 });
    const [made] = await onService();
    if (!made) throw new Error('Bella is not on the service');

    // The clerk presses Refresh: the list, and the drawer, show Bella.
    await refreshed(harness);
    expect((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);

    // The clerk looks her id up; the request lands on a replica a moment behind, which answers 404.
    behindFor = made.id;
    await expect(harness.invoke('lookupPet', { id: made.id })).rejects.toThrow();
    behindFor = undefined;

    // The drawer tells what the service's list said: Bella is there.
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
    // The clerk presses what the drawer offers.
    const offered = (await bella())?.matches?.pets ?? [];
    await harness.invoke(offered.length === 0 ? 'retryOutboxItem' : 'confirmOutboxItem', { id });
    await vi.waitFor(async () => expect((await bella())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect(await onService()).toHaveLength(1);
  }, 30_000);
});
