/** A key's age is the service's to judge: an add whose answer was lost, with the counter's clock wrong or put right. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../test-support';
import type { CoreOptions } from '../index';
import {
  allPets,
  cleanups,
  folder,
  names,
  openCore,
  outboxOf,
  service,
  storedItems,
  type Harness,
} from '../test-support/harness';
import { itemNamed, lunchLost, rexCreated, shopBehindGateway, stateOf as stateNamed } from './test-support';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const stateOf = (harness: Harness) => stateNamed(harness, 'Lunch');

/** A shop of 250 behind a gateway that passes keys on, its service on a clock of its own and the counter on another,
 * `wrongBy` off it (`core` as openCore's). */
async function shopOnTwoClocks(wrongBy = 0, core: Partial<CoreOptions> = {}) {
  const serviceClock = movableClock();
  const counterClock = movableClock(serviceClock.now() + wrongBy);
  const shop = await shopBehindGateway(false, {
    shop: { now: serviceClock.now },
    core: { now: counterClock.now, ...core },
  });
  return { ...shop, serviceClock, counterClock };
}

/**
 * Friday: a shop of 250 whose service keeps keys 24 h, the counter's clock `wrongBy` off the service's; "Lunch"
 * reaches the service and its answer is lost; the app is closed (or, `keptOpen`, the computer goes offline and sleeps).
 */
async function lostOnFriday(wrongBy: number, keptOpen = false) {
  const { running, gateway, harness: friday, dataDir, serviceClock, counterClock } = await shopOnTwoClocks(wrongBy);
  // The first add proves the service honours keys (and tells its time).
  await rexCreated(friday);
  await lunchLost(friday, gateway);
  friday.core.setPlatformOnline(false);
  if (!keptOpen) await friday.core.close();
  const postsBefore = gateway.posts.length;
  const key = storedItems(dataDir).find((one) => one.pet.name === 'Lunch')?.key ?? '';
  return {
    friday,
    gateway,
    counterNow: counterClock.now,
    /** `away` later by the service's clock, the counter's clock now `wrongByNow` off it. */
    weekend(away: number, wrongByNow = 0) {
      serviceClock.advance(away);
      counterClock.advance(away - wrongBy + wrongByNow);
    },
    monday: (extra: Partial<CoreOptions> = {}) => openCore(dataDir, gateway.url, { now: counterClock.now, ...extra }),
    resent: () => gateway.posts.slice(postsBefore).filter((name) => name === 'Lunch'),
    onService: async () => (await allPets(running.url)).filter((pet) => pet.name === 'Lunch').length,
    keptOnce: () => running.countByIdempotencyKey(key) === 1,
  };
}

/** IMF-fixdate in shape, but no instant (hour 25): Date.parse gives NaN. */
const NO_INSTANT = 'Mon, 30 Nov 2026 25:00:00 GMT';

/** Every answer as the service gave it, its Date replaced with `date` (a gateway or a service with a broken date
 * formatter, or its clock reset). */
const datedAs =
  (date: string): typeof fetch =>
  async (input, init) => {
    const answer = await fetch(input, init);
    const headers = new Headers(answer.headers);
    headers.set('date', date);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  };
const badDates = datedAs(NO_INSTANT);

/** Every answer as the service gave it, less its Date (a proxy that strips it; the contract asks for it, not all send it). */
const undated: typeof fetch = async (input, init) => {
  const answer = await fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.delete('date');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
};

async function waitsForTheClerk(harness: Harness) {
  await vi.waitFor(async () => expect(await stateOf(harness)).toBe('needs_attention:needs_check'), { timeout: 8000 });
}

describe('an add whose answer was lost, judged by the service’s clock whatever the counter’s did', () => {
  it('Friday the counter’s clock runs 2 h fast, put right over the weekend; 25 h later: waits for the clerk, held once', async () => {
    const shop = await lostOnFriday(2 * HOUR_MS);
    shop.weekend(25 * HOUR_MS);
    await waitsForTheClerk(await shop.monday());
    expect(shop.resent()).toEqual([]);
    expect(await shop.onService()).toBe(1);
  });

  it('Friday the counter’s clock runs 3 h slow, put right; 23 h 55 min later by the service’s: resent with its key, created once', async () => {
    const shop = await lostOnFriday(-3 * HOUR_MS);
    shop.weekend(DAY_MS - 5 * 60_000);
    const monday = await shop.monday();
    await vi.waitFor(async () => expect(await stateOf(monday)).toBe('sent'), { timeout: 8000 });
    expect(await shop.onService()).toBe(1);
    expect(shop.keptOnce()).toBe(true);
  });

  it('a service whose clock runs 5 h ahead, steadily: 23 h 55 min later by it, resent with its key, created once', async () => {
    const shop = await lostOnFriday(-5 * HOUR_MS);
    shop.weekend(DAY_MS - 5 * 60_000, -5 * HOUR_MS);
    const monday = await shop.monday();
    await vi.waitFor(async () => expect(await stateOf(monday)).toBe('sent'), { timeout: 8000 });
    expect(await shop.onService()).toBe(1);
    expect(shop.keptOnce()).toBe(true);
  });

  it('a service whose clock runs 5 h ahead, steadily: 24 h 1 min later by it, waits for the clerk', async () => {
    const shop = await lostOnFriday(-5 * HOUR_MS);
    shop.weekend(DAY_MS + 60_000, -5 * HOUR_MS);
    await waitsForTheClerk(await shop.monday());
    expect(shop.resent()).toEqual([]);
    expect(await shop.onService()).toBe(1);
  });

  it('Monday, the counter’s clock 2 h slow, 25 h later: nothing resent before an answer tells the service’s time', async () => {
    const shop = await lostOnFriday(0);
    shop.weekend(25 * HOUR_MS, -2 * HOUR_MS);
    // Every list (the catalogue's sync, the header's check) waits until the test lets it through.
    let letThrough = () => {};
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    cleanups.push(() => letThrough());
    const held: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') === 'GET') await gate;
      return fetch(input, init);
    };
    const monday = await shop.monday({ fetch: held });
    await sleep(1500);
    expect(await stateOf(monday)).toBe('queued');
    expect(shop.resent()).toEqual([]);
    letThrough();
    await waitsForTheClerk(monday);
    expect(shop.resent()).toEqual([]);
    expect(await shop.onService()).toBe(1);
  });

  it('Monday, the service’s lists answer 503 only, 23 h 55 min later: their Date is enough to resend it, created once', async () => {
    const shop = await lostOnFriday(0);
    shop.weekend(DAY_MS - 5 * 60_000, 3 * HOUR_MS);
    const busy: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if ((init?.method ?? 'GET') !== 'GET') return answer;
      await answer.text();
      const headers = { 'content-type': 'application/json', date: answer.headers.get('date') ?? '' };
      return new Response('{"status":503,"code":"busy","message":"Try later."}', { status: 503, headers });
    };
    const monday = await shop.monday({ fetch: busy });
    await vi.waitFor(async () => expect(await stateOf(monday)).toBe('sent'), { timeout: 8000 });
    expect(await shop.onService()).toBe(1);
    expect(shop.keptOnce()).toBe(true);
  });

  it('the app left open, asleep and offline over the weekend, its clock put right: 25 h later, waits for the clerk', async () => {
    const shop = await lostOnFriday(2 * HOUR_MS, true);
    shop.weekend(25 * HOUR_MS);
    shop.friday.core.setPlatformOnline(true);
    await waitsForTheClerk(shop.friday);
    expect(shop.resent()).toEqual([]);
    expect(await shop.onService()).toBe(1);
  });

  it('two in doubt resent together, the counter’s clock put back an hour during the first’s minutes-long send: the second waits for the clerk', async () => {
    const { running, gateway, harness: friday, dataDir, serviceClock, counterClock } = await shopOnTwoClocks();
    let slow = false;
    // The service takes two minutes over "Ahead"; meanwhile the counter's clock is put back an hour.
    const slowFetch: typeof fetch = (input, init) => {
      if (slow && typeof init?.body === 'string' && init.body.includes('"Ahead"')) {
        slow = false;
        serviceClock.advance(2 * 60_000);
        counterClock.advance(-HOUR_MS + 2 * 60_000);
      }
      return fetch(input, init);
    };
    await friday.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    for (const name of ['Ahead', 'Behind']) {
      await gateway.next('dropped');
      await friday.invoke('createPet', { pet: { name, categoryId: '2' } });
    }
    friday.core.setPlatformOnline(false);
    await friday.core.close();
    const postsBefore = gateway.posts.length;
    serviceClock.advance(DAY_MS - 90_000);
    counterClock.advance(DAY_MS - 90_000);
    slow = true;
    const monday = await openCore(dataDir, gateway.url, { now: counterClock.now, fetch: slowFetch });
    const state = async (name: string) => (await itemNamed(monday, name))?.state;
    await vi.waitFor(async () => expect(await state('Ahead')).toBe('sent'), { timeout: 8000 });
    await vi.waitFor(async () => expect(await state('Behind')).toBe('needs_attention'), { timeout: 8000 });
    expect(gateway.posts.slice(postsBefore).filter((name) => name === 'Behind')).toEqual([]);
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Behind')).toHaveLength(1);
  });
});

describe('a Date that proves nothing of the service’s time', () => {
  it.each([
    ['503 page', 503, 'text/html', '<html>503 Service Temporarily Unavailable</html>'],
    ['bare 502, no content type', 502, undefined, 'Bad Gateway'],
  ])(
    'a gateway in front of a service 5 h ahead answers the lists itself (%s), dated by its own (right) clock: 24 h 1 min later by the service’s, not resent, held once',
    async (_, status, type, page) => {
      const shop = await lostOnFriday(-5 * HOUR_MS);
      shop.weekend(DAY_MS + 60_000, -5 * HOUR_MS);
      const gatewayBusy: typeof fetch = async (input, init) => {
        if ((init?.method ?? 'GET') !== 'GET') return fetch(input, init);
        const headers = { ...(type && { 'content-type': type }), date: new Date(shop.counterNow()).toUTCString() };
        // As bytes: a string body would be given a text type.
        return new Response(new TextEncoder().encode(page), { status, headers });
      };
      const monday = await shop.monday({ fetch: gatewayBusy });
      // The gateway's answers come at once (the catalogue's sync, the header's check): a resend would follow within a second.
      await sleep(3000);
      expect(await shop.onService()).toBe(1);
      expect(await stateOf(monday)).not.toBe('sent');
    },
  );

  it('every Date naming no instant (hour 25), 25 h later: waits for the clerk, held once', async () => {
    const shop = await lostOnFriday(0);
    shop.weekend(25 * HOUR_MS);
    await waitsForTheClerk(await shop.monday({ fetch: badDates }));
    expect(await shop.onService()).toBe(1);
  });

  it('an add in doubt while every Date names no instant is still in the outbox after a restart', async () => {
    const { gateway, harness: first, dataDir } = await shopBehindGateway(true, { core: { fetch: badDates } });
    // An answer first, so the app has read the (unreadable) Date before the add.
    await first.invoke('testConnection', { environmentId: 'demo' });
    await lunchLost(first, gateway);
    first.core.setPlatformOnline(false);
    await first.core.close();
    const again = await openCore(dataDir, gateway.url);
    // A first send stored as null (NaN) would be set aside as unreadable.
    const notices = (await again.invoke('getStatus', {})).notices.map((notice) => notice.id);
    expect(notices).not.toContain('outbox-unreadable-0');
    expect(await stateOf(again)).toBe('needs_attention:needs_check');
  });

  it('a service dating its answers 31 December 1969 (its clock reset): the animal sent and the one waiting are both there after a restart', async () => {
    const running = await service();
    const dataDir = folder();
    const before1970 = datedAs('Wed, 31 Dec 1969 23:00:00 GMT');
    const first = await openCore(dataDir, running.url, { fetch: before1970 });
    // An add answered tells the service's (wrong) time.
    await rexCreated(first);
    first.core.setPlatformOnline(false);
    await first.invoke('createPet', { pet: { name: 'Pip', categoryId: '1' } });
    await first.core.close();
    const again = await openCore(dataDir, running.url, { fetch: before1970 });
    again.core.setPlatformOnline(false);
    const notices = (await again.invoke('getStatus', {})).notices.map((notice) => notice.reason);
    expect({ outbox: names(await outboxOf(again)), notices }).toEqual({
      outbox: ['Rex:sent', 'Pip:queued'],
      notices: [],
    });
  });
});

/**
 * Friday: a shop whose service keeps keys the contract's 24 h, aged by the true time (the wall's); its answers carry
 * no Date (unless `dated`); "Lunch" reaches it and its answer is lost; the computer goes offline.
 */
async function lostUndated(dated = false) {
  const {
    running,
    gateway,
    harness: friday,
    dataDir,
    serviceClock: wall,
    counterClock: counter,
  } = await shopOnTwoClocks(0, { ...(!dated && { fetch: undated }) });
  await rexCreated(friday);
  await lunchLost(friday, gateway);
  friday.core.setPlatformOnline(false);
  return {
    friday,
    /** 25 h by the wall, 23 h by the counter: its clock was set back 2 h (a flat CMOS battery, a time zone put right). */
    weekend() {
      wall.advance(25 * HOUR_MS);
      counter.advance(23 * HOUR_MS);
    },
    monday: () => openCore(dataDir, gateway.url, { now: counter.now, fetch: undated }),
    onService: async () => (await allPets(running.url)).filter((pet) => pet.name === 'Lunch').length,
  };
}

/** Lunch is sent again or goes before the clerk: it must be the clerk (the service forgot its key a day after it took
 * it, so a resend makes a second Lunch). */
async function waitsUnsent(harness: Harness) {
  await vi.waitFor(async () => expect(await stateOf(harness)).toMatch(/sent|needs_attention/), { timeout: 10_000 });
  expect(await stateOf(harness)).toBe('needs_attention:needs_check');
}

describe('a shop whose answers carry no Date (or, Monday, no longer do); Friday an add’s answer is lost; the counter’s clock set back 2 h over the weekend', () => {
  it('Monday, 25 h later by the wall (23 h by the counter): Lunch waits for the clerk instead of being resent, held once', async () => {
    const shop = await lostUndated();
    await shop.friday.core.close();
    shop.weekend();
    await waitsUnsent(await shop.monday());
    expect(await shop.onService()).toBe(1);
  });

  it('the app left open and offline, 25 h later by the wall (23 h by the counter): Lunch waits for the clerk instead of being resent, held once', async () => {
    const shop = await lostUndated();
    shop.weekend();
    shop.friday.core.setPlatformOnline(true);
    await waitsUnsent(shop.friday);
    expect(await shop.onService()).toBe(1);
  });

  it('Friday dated, Monday the answers come without Date (a new proxy), 25 h later by the wall: Lunch waits for the clerk, held once', async () => {
    const shop = await lostUndated(true);
    await shop.friday.core.close();
    shop.weekend();
    await waitsUnsent(await shop.monday());
    expect(await shop.onService()).toBe(1);
  });

  it('the line back within the minute, the counter’s clock untouched: Lunch is resent with its key, created once', async () => {
    const shop = await lostUndated();
    shop.friday.core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(await stateOf(shop.friday)).toBe('sent'), { timeout: 10_000 });
    expect(await shop.onService()).toBe(1);
  });
});
