/** A lookup's answer reaches the clerk's check even while a sync is under way, and that sync then fails. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('Bella created just after the counter gave up; the clerk looks her id up while a Refresh waits on a flaky list', () => {
  it('the list shows her from the lookup, the Refresh fails, and the drawer offers her too: one Bella', async () => {
    const running = await service({ initialPets: SHOP });
    let posts = 0;
    // While `flaky`, a list page is held until `release`, then its connection drops (the lookups still answer).
    let flaky = false;
    let release: () => void = () => undefined;
    let listAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (listAsked = resolve));
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && (posts += 1) === 1) {
        await sleep(1500);
        await forward(running.url, request);
        return void response.socket?.destroy();
      }
      if (flaky && request.method === 'GET' && request.url.startsWith('/v1/pets?')) {
        await new Promise<void>((resolve) => {
          release = resolve;
          listAsked();
        });
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
    const [made] = await onService();
    if (!made) throw new Error('Bella is not on the service');
    // Her check was looked up before she was created: not on the service.
    expect((await bella())?.matches?.pets).toEqual([]);

    // The clerk presses Refresh; its first page hangs.
    flaky = true;
    const refreshing = harness.core.invoke('refreshCatalogue', {});
    await asked;
    // Meanwhile the clerk looks her id up: the service shows her, and the list does.
    expect(await harness.invoke('lookupPet', { id: made.id })).toMatchObject({
      source: 'service',
      pet: { name: 'Bella' },
    });
    expect((await harness.invoke('getCatalogue', {})).pets.map((pet) => pet.id)).toContain(made.id);
    // The page's connection drops: the Refresh fails.
    release();
    await refreshing;
    flaky = false;

    // The drawer tells the same truth as the list.
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
    const offered = (await bella())?.matches?.pets ?? [];
    await harness.invoke(offered.length === 0 ? 'retryOutboxItem' : 'confirmOutboxItem', { id });
    await vi.waitFor(async () => expect((await bella())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect(await onService()).toHaveLength(1);
  }, 30_000);
});
