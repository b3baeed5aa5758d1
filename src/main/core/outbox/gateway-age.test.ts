/** A gateway that stamps every answer with an Age it cannot count (RFC 9111 tells a cache whose count overflowed to
 * send 2147483648, some 68 years): the service's time is not moved by what a cache cannot vouch for. */
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../test-support';
import { allPets, openCore } from '../test-support/harness';
import { lunchLost, rexCreated, shopBehindGateway, stateOf } from './test-support';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Friday's gateway: every answer with `Age: 2147483648`. */
const agedBeyondCounting: typeof fetch = async (input, init) => {
  const answer = await fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.set('age', '2147483648');
  return new Response(await answer.arrayBuffer(), { status: answer.status, headers });
};

describe('an add whose answer was lost behind a gateway stamping an uncountable Age', () => {
  it('opened again three days later, Lunch waits for the clerk, and the shop holds one Lunch', async () => {
    const clock = movableClock();
    const {
      running,
      gateway,
      harness: friday,
      dataDir,
    } = await shopBehindGateway(false, {
      shop: { now: clock.now },
      core: { now: clock.now, fetch: agedBeyondCounting },
    });
    await rexCreated(friday);
    await lunchLost(friday, gateway);
    await friday.core.close();

    // Monday: Lunch's key was forgotten by the shop two days ago; the gateway now answers as it should.
    clock.advance(3 * DAY_MS);
    const posts = gateway.posts.length;
    const monday = await openCore(dataDir, gateway.url, { now: clock.now });
    await vi.waitFor(async () => expect(await stateOf(monday, 'Lunch')).toMatch(/needs_check|sent/), { timeout: 8000 });

    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    expect(gateway.posts.slice(posts)).toEqual([]);
  });
});
