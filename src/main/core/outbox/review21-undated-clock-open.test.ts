/** review21: a shop whose answers carry no Date, the app left open over the weekend while the counter's clock is set
 * back; an add in doubt from Friday must not be resent once the service may have forgotten its key. */
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../test-support';
import { startFaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

const HOUR_MS = 60 * 60 * 1000;

/** Every answer as the service gave it, less its Date (a proxy that strips it). */
const undated: typeof fetch = async (input, init) => {
  const answer = await fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.delete('date');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
};

describe('review21: an undated shop, the app left open and offline over the weekend, the counter’s clock set back 2 h', () => {
  it('Monday, 25 h later by the wall (23 h by the counter): Lunch waits for the clerk instead of being resent, held once', async () => {
    const wall = movableClock();
    const counter = movableClock();
    // The service keeps keys the contract's 24 h, aged by the true time.
    const running = await service({ initialPets: SHOP, now: wall.now });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const friday = await openCore(folder(), proxy.url, { now: counter.now, fetch: undated });
    expect(await friday.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await proxy.next('dropped');
    expect(await friday.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    // Friday evening the shop's line goes; the app stays open. Over the weekend the counter's clock is set back 2 h
    // (a wrong time zone put right by hand), so Monday it reads 23 h after Friday while 25 h have passed.
    friday.core.setPlatformOnline(false);
    wall.advance(25 * HOUR_MS);
    counter.advance(23 * HOUR_MS);
    friday.core.setPlatformOnline(true);
    const lunch = async () => (await outboxOf(friday)).find((one) => one.pet.name === 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.state).toMatch(/sent|needs_attention/), { timeout: 10_000 });
    // The service forgot the key a day after it took Lunch: a resend makes a second Lunch.
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    expect((await lunch())?.state).toBe('needs_attention');
  });

  it('Friday dated, Monday the answers come without Date (a new proxy), the counter 2 h slow after the weekend: 25 h later by the wall, Lunch is not resent', async () => {
    const wall = movableClock();
    const counter = movableClock();
    const running = await service({ initialPets: SHOP, now: wall.now });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const dataDir = folder();
    const friday = await openCore(dataDir, proxy.url, { now: counter.now });
    expect(await friday.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await proxy.next('dropped');
    expect(await friday.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    friday.core.setPlatformOnline(false);
    await friday.core.close();
    wall.advance(25 * HOUR_MS);
    counter.advance(23 * HOUR_MS);
    const monday = await openCore(dataDir, proxy.url, { now: counter.now, fetch: undated });
    const lunch = async () => (await outboxOf(monday)).find((one) => one.pet.name === 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.state).toMatch(/sent|needs_attention/), { timeout: 10_000 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    expect((await lunch())?.state).toBe('needs_attention');
  });
});
