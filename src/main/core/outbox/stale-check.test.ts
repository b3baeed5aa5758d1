/** The clerk's check is the service's rows as they are when the clerk acts, not as they were when the add failed. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { refreshed } from '../test-support/catalogue';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

/** Bella's add, passed on only after the counter's timeout (1 s here, 10 s in the app): the service, under load,
 * creates her half a second after the counter stopped waiting, once her check looked its rows up. */
async function bellaCreatedAfterTheCheck() {
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
  return { harness, id, bella, onService, made };
}

describe('Bella added while the service is slow (keys not passed on, as the service’s own document describes it)', () => {
  it('the service creates her just after the counter gave up; the clerk refreshes, then presses what the drawer offers: one Bella', async () => {
    const { harness, id, bella, onService, made } = await bellaCreatedAfterTheCheck();

    // A minute later the clerk presses Refresh: the list on screen shows Bella.
    const catalogue = await refreshed(harness);
    expect(catalogue.pets.map((pet) => pet.id)).toContain(made.id);
    // The drawer tells the same truth as the list: Bella is on the service (not "no animal … is on the service now").
    expect.soft((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);

    // The clerk presses what the drawer offers.
    const offered = (await bella())?.matches?.pets ?? [];
    const method = offered.length === 0 ? 'retryOutboxItem' : 'confirmOutboxItem';
    await harness.invoke(method, { id });
    await vi.waitFor(async () => expect((await bella())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect(await onService()).toHaveLength(1);
  }, 30_000);

  it('the clerk looks her id up instead (the service shows her): the drawer offers her as the lookup returns', async () => {
    const { harness, bella, made } = await bellaCreatedAfterTheCheck();
    expect(await harness.invoke('lookupPet', { id: made.id })).toMatchObject({
      source: 'service',
      pet: { name: 'Bella' },
    });
    expect((await bella())?.matches?.pets.map((pet) => pet.id)).toEqual([made.id]);
  }, 30_000);
});
