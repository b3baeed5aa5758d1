/** The clerk's check is the service's rows as they are when the clerk acts, not as they were when the add failed. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { refreshed } from '../test-support/catalogue';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('Bella added while the service is slow (keys not passed on, as the service’s own document describes it)', () => {
  it('the service creates her just after the counter gave up; the clerk refreshes, then presses what the drawer offers: one Bella', async () => {
    const running = await service({ initialPets: SHOP });
    let posts = 0;
    // The first add is passed on only after the counter's timeout (1 s here, 10 s in the app): the service, under
    // load, creates Bella half a second after the counter stopped waiting.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && (posts += 1) === 1) {
        await sleep(1500);
        await forward(running.url, request);
        return void response.socket?.destroy();
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

    // A minute later the clerk presses Refresh: the list on screen shows Bella.
    const catalogue = await refreshed(harness);
    const [made] = await onService();
    expect(catalogue.pets.map((pet) => pet.id)).toContain(made?.id);
    // The drawer tells the same truth as the list: Bella is on the service (not "no animal … is on the service now").
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made?.id]);

    // The clerk presses what the drawer offers.
    const offered = (await bella())?.matches?.pets ?? [];
    const method = offered.length === 0 ? 'retryOutboxItem' : 'confirmOutboxItem';
    await harness.invoke(method, { id });
    await vi.waitFor(async () => expect((await bella())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect(await onService()).toHaveLength(1);
  }, 30_000);
});
