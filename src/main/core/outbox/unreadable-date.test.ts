/** A `Date` shaped like an HTTP date but naming no instant (hour 25) proves nothing of the service's time. */
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../test-support';
import { startFaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service, type Harness } from '../test-support/harness';

const HOUR_MS = 60 * 60 * 1000;
/** IMF-fixdate in shape (the app's HTTP_DATE pattern), but no instant: Date.parse gives NaN. */
const NO_INSTANT = 'Mon, 30 Nov 2026 25:00:00 GMT';

/** Every answer as the service gave it, its Date replaced (a gateway or a service with a broken date formatter). */
const badDates: typeof fetch = async (input, init) => {
  const answer = await fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.set('date', NO_INSTANT);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
};

const stateOf = async (harness: Harness, name: string) => {
  const item = (await outboxOf(harness)).find((one) => one.pet.name === name);
  return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
};

describe('an answer whose Date names no instant', () => {
  it('Monday, 25 h after Lunch’s answer was lost, the service’s Date unreadable: Lunch waits for the clerk, held once', async () => {
    const serviceClock = movableClock();
    const counterClock = movableClock();
    const running = await service({ initialPets: SHOP, now: serviceClock.now });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const dataDir = folder();
    const friday = await openCore(dataDir, proxy.url, { now: counterClock.now });
    expect(await friday.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await proxy.next('dropped');
    expect(await friday.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    friday.core.setPlatformOnline(false);
    await friday.core.close();
    // The weekend: both clocks agree, 25 h later; the service has forgotten Lunch's key.
    serviceClock.advance(25 * HOUR_MS);
    counterClock.advance(25 * HOUR_MS);
    const monday = await openCore(dataDir, proxy.url, { now: counterClock.now, fetch: badDates });
    await vi.waitFor(async () => expect(await stateOf(monday, 'Lunch')).not.toBe('queued'), { timeout: 8000 });
    // Resent with a key the service forgot a day ago: a second Lunch.
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    expect(await stateOf(monday, 'Lunch')).toBe('needs_attention:needs_check');
  });

  it('an add in doubt while the service’s Date is unreadable is still in the outbox after a restart', async () => {
    const running = await service({ initialPets: SHOP });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: true });
    cleanups.push(() => proxy.close());
    const dataDir = folder();
    const first = await openCore(dataDir, proxy.url, { fetch: badDates });
    // An answer first, so the app has read the (unreadable) Date before the add.
    await first.invoke('testConnection', { environmentId: 'demo' });
    await proxy.next('dropped');
    expect(await first.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    first.core.setPlatformOnline(false);
    await first.core.close();
    const again = await openCore(dataDir, proxy.url);
    // Its first send was stored as `"firstSentAt":null` (NaN): the record is set aside as unreadable.
    const notices = (await again.invoke('getStatus', {})).notices.map((notice) => notice.id);
    expect(notices).not.toContain('outbox-unreadable-0');
    expect(await stateOf(again, 'Lunch')).toBe('needs_attention:needs_check');
  });
});
