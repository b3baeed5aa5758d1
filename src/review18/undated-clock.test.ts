/** Review 18: a service whose answers carry no Date, and a counter clock set back while the app was closed. */
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../main/core/test-support';
import { startFaultProxy } from '../main/core/test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../main/core/test-support/harness';

const HOUR_MS = 60 * 60 * 1000;

/** Every answer as the service gave it, less its Date (a proxy that strips it; the contract asks for it, not all send it). */
const undated: typeof fetch = async (input, init) => {
  const answer = await fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.delete('date');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
};

describe('a shop whose answers carry no Date; Friday an add’s answer is lost; the counter’s clock set back 2 h over the weekend', () => {
  it('Monday, 25 h later by the wall (23 h by the counter): Lunch waits for the clerk instead of being resent, held once', async () => {
    const wall = movableClock();
    const counter = movableClock();
    // The service keeps keys the contract's 24 h, aged by the true time.
    const running = await service({ initialPets: SHOP, now: wall.now });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const dataDir = folder();
    const friday = await openCore(dataDir, proxy.url, { now: counter.now, fetch: undated });
    expect(await friday.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await proxy.next('dropped');
    expect(await friday.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    friday.core.setPlatformOnline(false);
    await friday.core.close();
    // A flat CMOS battery, a wrong time zone fixed by hand: the counter lost two hours while closed.
    wall.advance(25 * HOUR_MS);
    counter.advance(23 * HOUR_MS);
    const monday = await openCore(dataDir, proxy.url, { now: counter.now, fetch: undated });
    const lunch = async () => (await outboxOf(monday)).find((one) => one.pet.name === 'Lunch');
    // Either the outbox resends it (the fault) or it waits for the clerk (the promise).
    await vi.waitFor(async () => expect((await lunch())?.state).toMatch(/sent|needs_attention/), { timeout: 8000 });
    // The service forgot the key a day after it took Lunch: a resend made a second Lunch.
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    expect((await lunch())?.state).toBe('needs_attention');
  });
});
