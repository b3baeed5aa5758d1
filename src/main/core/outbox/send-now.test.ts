/** The clerk's "Send now" or edit of an animal whose first request may have reached the service: never a second animal. */
import { describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../../server';
import { movableClock } from '../test-support';
import { startFaultProxy, type FaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service, type Harness } from '../test-support/harness';
import type { CoreOptions } from '../index';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Counter {
  harness: Harness;
  running: RunningServer;
  proxy: FaultProxy;
}

/** A counter in a shop of 250 animals that honours keys (proved by a first add), and an add whose answer was lost. */
async function lostAnswer(extra: Partial<CoreOptions> = {}): Promise<{ counter: Counter; id: string }> {
  const running = await service({ initialPets: SHOP, ...(extra.now ? { now: extra.now } : {}) });
  const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
  cleanups.push(() => proxy.close());
  const harness = await openCore(folder(), proxy.url, extra);
  expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
    outcome: 'created',
  });
  await proxy.next('dropped');
  const outcome = await harness.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
  if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
  return { counter: { harness, running, proxy }, id: outcome.item.id };
}

const onService = async (counter: Counter) =>
  (await allPets(counter.running.url)).filter((pet) => pet.name === 'Biscuit').length;

const stateOf = async (counter: Counter) => {
  const item = (await outboxOf(counter.harness)).find((one) => one.pet.name === 'Biscuit');
  return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
};

/** Back online: Biscuit waits for the clerk's check, nothing of it sent since `postsBefore`, and the service holds it once. */
async function waitsForTheCheck(counter: Counter, postsBefore: number) {
  await vi.waitFor(async () => expect(await stateOf(counter)).toBe('needs_attention:needs_check'), {
    timeout: 5000,
    interval: 50,
  });
  expect(counter.proxy.posts.slice(postsBefore)).not.toContain('Biscuit');
  expect(await onService(counter)).toBe(1);
}

describe('the clerk acts on an animal whose answer was lost', () => {
  it('sends it with the key it first went with: the service holds it once', async () => {
    const { counter, id } = await lostAnswer();
    expect(await onService(counter)).toBe(1);
    // At once, before its own resend (a back-off of a second) comes round.
    await counter.harness.core.invoke('retryOutboxItem', { id });
    await vi.waitFor(async () => expect(await stateOf(counter)).toBe('sent'), { timeout: 5000, interval: 50 });
    expect(await onService(counter)).toBe(1);
  });

  it('a day later, with the network back only after the press: waits for the clerk’s check, nothing is sent', async () => {
    const clock = movableClock();
    const { counter, id } = await lostAnswer({ now: clock.now });
    // The shop's network goes before the resend, and stays away past the service's key lifetime (24 h).
    counter.harness.core.setPlatformOnline(false);
    clock.advance(DAY_MS + 60_000);
    const postsBefore = counter.proxy.posts.length;
    // "Send now" only hurries the animal along: the clerk has checked nothing.
    await counter.harness.invoke('retryOutboxItem', { id });
    counter.harness.core.setPlatformOnline(true);
    await waitsForTheCheck(counter, postsBefore);
  });

  it('"Send again" at the check, the counter then offline over the weekend: back, it waits for the check again, nothing is sent', async () => {
    const clock = movableClock();
    const { counter, id } = await lostAnswer({ now: clock.now });
    counter.harness.core.setPlatformOnline(false);
    // A typo seen: the edit is refused and Biscuit goes to the check, which shows no row offline.
    const edited = await counter.harness.core.invoke('editOutboxItem', {
      id,
      pet: { name: 'Biscuits', categoryId: '2' },
    });
    expect(edited).toMatchObject({ ok: false, error: { reason: 'outbox_item_check_first' } });
    // "Send again" waits for the check's rows: the network back for a moment brings them.
    counter.harness.core.setPlatformOnline(true);
    await vi.waitFor(
      async () => {
        await counter.harness.invoke('refreshCatalogue', {}).catch(() => undefined);
        expect((await outboxOf(counter.harness)).find((one) => one.id === id)?.matches).toBeDefined();
      },
      { timeout: 5000, interval: 100 },
    );
    counter.harness.core.setPlatformOnline(false);
    // The clerk presses "Send again" at the check all the same: the same key, and its age.
    await counter.harness.invoke('retryOutboxItem', { id });
    // The network comes back only after the service's key lifetime (24 h).
    clock.advance(DAY_MS + 10 * 60_000);
    const postsBefore = counter.proxy.posts.length;
    counter.harness.core.setPlatformOnline(true);
    await waitsForTheCheck(counter, postsBefore);
  });

  it('"Send again" at the check pressed a day later, the service holding no Biscuit: sent with its own key (forgotten there), held once', async () => {
    const clock = movableClock();
    const running = await service({ initialPets: SHOP, now: clock.now });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const harness = await openCore(folder(), proxy.url, { now: clock.now });
    expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    // Biscuit's connection is cut before it reaches the service, and the shop's network goes.
    proxy.cutOff.add('Biscuit');
    const outcome = await harness.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
    const { id } = outcome.item;
    harness.core.setPlatformOnline(false);
    proxy.cutOff.clear();
    const counter = { harness, running, proxy };
    const edited = await harness.core.invoke('editOutboxItem', { id, pet: { name: 'Biscuits', categoryId: '2' } });
    expect(edited).toMatchObject({ ok: false, error: { reason: 'outbox_item_check_first' } });
    // A day later the network is back; the check's look-up shows no Biscuit on the service.
    clock.advance(DAY_MS + 10 * 60_000);
    harness.core.setPlatformOnline(true);
    await vi.waitFor(
      async () => expect((await outboxOf(harness)).find((one) => one.id === id)?.matches?.pets).toEqual([]),
      { timeout: 10_000, interval: 50 },
    );
    // The clerk's word: it is not there, send it. It goes, not back to the check.
    await harness.invoke('retryOutboxItem', { id });
    await vi.waitFor(async () => expect(await stateOf(counter)).toBe('sent'), { timeout: 5000, interval: 50 });
    expect(await onService(counter)).toBe(1);
  });

  it('the clerk changes its name while the service is down: asked to check first, shown the row on the service once back, nothing changed sent', async () => {
    const { counter, id } = await lostAnswer();
    counter.proxy.down = true;
    counter.harness.core.setPlatformOnline(false);
    const edited = await counter.harness.core.invoke('editOutboxItem', {
      id,
      pet: { name: 'Biscuits', categoryId: '2' },
    });
    expect(edited).toMatchObject({ ok: false, error: { reason: 'outbox_item_check_first' } });
    expect(await stateOf(counter)).toBe('needs_attention:needs_check');
    // The check's look-up syncs the catalogue first, and finds the service down.
    await vi.waitFor(
      async () => expect(await counter.harness.invoke('getCatalogue', {})).toMatchObject({ state: 'offline' }),
      { timeout: 10_000, interval: 50 },
    );
    counter.proxy.down = false;
    counter.harness.core.setPlatformOnline(true);
    // The check's look-up found no fresh list while the service was down: back, it looks again and shows its row.
    await vi.waitFor(
      async () => {
        const item = (await outboxOf(counter.harness)).find((one) => one.id === id);
        expect(item?.matches?.pets.map((pet) => pet.name)).toEqual(['Biscuit']);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(counter.proxy.posts).not.toContain('Biscuits');
    expect(await onService(counter)).toBe(1);
  });
});
