/** Only the service's own answers tell its time: a gateway's error page, dated by its own clock, proves nothing. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../test-support';
import { startFaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('the service’s clock runs 5 h ahead, steadily, and its gateway’s is right', () => {
  it('Monday, 24 h 1 min later by the service’s clock, the gateway answering the lists 503 itself: Lunch waits for the clerk, held once', async () => {
    const serviceClock = movableClock();
    const counterClock = movableClock(serviceClock.now() - 5 * HOUR_MS);
    const running = await service({ initialPets: SHOP, now: serviceClock.now });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const dataDir = folder();
    const friday = await openCore(dataDir, proxy.url, { now: counterClock.now });
    await friday.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await proxy.next('dropped');
    expect(await friday.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    friday.core.setPlatformOnline(false);
    await friday.core.close();
    serviceClock.advance(DAY_MS + 60_000);
    counterClock.advance(DAY_MS + 60_000);
    // The gateway in front (its clock right, as the counter's) answers the lists itself; adds pass through.
    const gatewayBusy: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') !== 'GET') return fetch(input, init);
      const headers = { 'content-type': 'text/html', date: new Date(counterClock.now()).toUTCString() };
      return new Response('<html>503 Service Temporarily Unavailable</html>', { status: 503, headers });
    };
    const monday = await openCore(dataDir, proxy.url, { now: counterClock.now, fetch: gatewayBusy });
    const lunch = async () => {
      const item = (await outboxOf(monday)).find((one) => one.pet.name === 'Lunch');
      return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
    };
    // The gateway's 503s come at once (the catalogue's sync, the header's check): a resend follows within a second.
    await sleep(3000);
    // Resent with a key the service forgot a minute ago: a second Lunch.
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    // Not resent: it waits for the service's own word on the time, or for the clerk.
    expect(await lunch()).not.toBe('sent');
  });
});
