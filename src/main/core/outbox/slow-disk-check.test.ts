/** The check's rows are never older than the list the app shows, however slowly the disk takes the first look-up. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { writeAtomically } from '../document-writer';
import { refreshed } from '../test-support/catalogue';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('Bella created just after the counter gave up, while a slow disk writes her first look-up', () => {
  it('the clerk’s Refresh shows her; the drawer offers her too, and pressing what it offers leaves one Bella', async () => {
    const running = await service({ initialPets: SHOP });
    let posts = 0;
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && (posts += 1) === 1) {
        await sleep(1500);
        await forward(running.url, request);
        return void response.socket?.destroy();
      }
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    // While `slow`, each write of the outbox takes 3 s (a busy disk, a network folder).
    let slow = false;
    const harness = await openCore(folder(), relay.url, {
      writeOutbox: async (path, text) => {
        if (slow) await sleep(3000);
        return writeAtomically(path, text);
      },
    });
    const outcome = await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '3' } });
    if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
    // Her rows are being looked up (the list as it was: no Bella yet); the disk turns slow.
    slow = true;
    const { id } = outcome.item;
    const bella = async () => (await outboxOf(harness)).find((one) => one.id === id);
    const onService = async () => (await allPets(running.url)).filter((pet) => pet.name === 'Bella');
    await vi.waitFor(async () => expect(await onService()).toHaveLength(1), { timeout: 5000 });
    const [made] = await onService();
    if (!made) throw new Error('Bella is not on the service');

    // The clerk presses Refresh: the list shows Bella. It ends once the drawer's rows are on the slow disk: after the
    // look-up's write under way, its own.
    const catalogue = await refreshed(harness, 10_000);
    expect(catalogue.pets.map((pet) => pet.id)).toContain(made.id);
    await vi.waitFor(async () => expect((await bella())?.matches).toBeDefined(), { timeout: 10_000, interval: 50 });
    slow = false;

    // The drawer tells the same truth as the list.
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
    const offered = (await bella())?.matches?.pets ?? [];
    await harness.invoke(offered.length === 0 ? 'retryOutboxItem' : 'confirmOutboxItem', { id });
    await vi.waitFor(async () => expect((await bella())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect(await onService()).toHaveLength(1);
  }, 30_000);
});
