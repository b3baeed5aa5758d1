/** A gateway that keeps list answers a few minutes (a cache in front of the service, as many shops' hosting puts one):
 * a kept answer carries the Date it was first given, and its Age, not the service's time now. */
import { vi, describe, expect, it } from 'vitest';
import { movableClock } from '../test-support';
import { synced } from '../test-support/catalogue';
import { allPets, folder, openCore } from '../test-support/harness';
import { lunchLostOnFriday, stateOf } from './test-support';

const MINUTE_MS = 60_000;
const KEPT_MS = 5 * MINUTE_MS;

/** Every list answer kept five minutes by the gateway's clock and given again as kept, with its Age (RFC 9111). */
function listsKeptFiveMinutes(clock: { now: () => number }) {
  const kept = new Map<string, { at: number; status: number; headers: Headers; body: string }>();
  const cached: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if ((init?.method ?? 'GET') !== 'GET') return fetch(input, init);
    const hit = kept.get(url);
    if (hit && clock.now() - hit.at < KEPT_MS) {
      const headers = new Headers(hit.headers);
      headers.set('age', String(Math.floor((clock.now() - hit.at) / 1000)));
      return new Response(hit.body, { status: hit.status, headers });
    }
    const answer = await fetch(input, init);
    const body = await answer.text();
    if (answer.status === 200) kept.set(url, { at: clock.now(), status: 200, headers: answer.headers, body });
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
  return { cached, keeps: (path: string) => [...kept.keys()].some((url) => url.endsWith(path)) };
}

describe('an add whose answer was lost, the lists coming from a gateway’s cache', () => {
  it('back 24 h 1 min later, the lists kept from 4 min before: Lunch waits for the clerk, and the shop holds one', async () => {
    const clock = movableClock();
    const { cached, keeps } = listsKeptFiveMinutes(clock);
    const { running, gateway, dataDir, key } = await lunchLostOnFriday(clock.now, { fetch: cached });

    // Saturday, 23 h 57 min on: another counter opens on the shop, and the gateway keeps the lists it read and its header's check.
    clock.advance(24 * 60 * MINUTE_MS - 3 * MINUTE_MS);
    const other = await openCore(folder(), gateway.url, { now: clock.now, fetch: cached });
    await synced(other);
    // Its header's check too (every 5 s).
    await vi.waitFor(() => expect(keeps('/pets?limit=1')).toBe(true), { timeout: 8000 });
    await other.core.close();

    // Four minutes later, past Lunch's key lifetime by a minute, this counter opens again.
    clock.advance(4 * MINUTE_MS);
    const posts = gateway.posts.length;
    const monday = await openCore(dataDir, gateway.url, { now: clock.now, fetch: cached });
    await vi.waitFor(async () => expect(await stateOf(monday, 'Lunch')).toMatch(/needs_check|sent/), { timeout: 8000 });

    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    expect(gateway.posts.slice(posts)).toEqual([]);
    expect(running.countByIdempotencyKey(key)).toBeLessThanOrEqual(1);
  });
});
