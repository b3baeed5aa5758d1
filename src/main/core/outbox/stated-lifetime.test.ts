/** A service that states a key lifetime shorter than the default: the outbox goes by what the service said. */
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../test-support';
import { startFaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Later adds' answers state no lifetime (a proxy dropping the header, a service updated to the default); the first
 * states `seconds` where given, else what the service says. */
function statedOnce(seconds?: number): typeof fetch {
  let adds = 0;
  return async (input, init) => {
    const answer = await fetch(input, init);
    if (init?.method !== 'POST') return answer;
    const headers = new Headers(answer.headers);
    if ((adds += 1) > 1) headers.delete('idempotency-key-lifetime');
    else if (seconds !== undefined) headers.set('idempotency-key-lifetime', String(seconds));
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  };
}

/**
 * A shop of 250 that keeps keys `keyLifetimeMs` (one hour) and says so, its clock `ahead` of the counter's; an add
 * whose answer was lost; the app closed for `away`. `stated`: only the first add's answer states a lifetime.
 */
async function closedAfterLostAnswer(
  away: number,
  {
    ahead = 0,
    keyLifetimeMs = HOUR_MS,
    stated,
  }: { ahead?: number; keyLifetimeMs?: number; stated?: typeof fetch } = {},
) {
  const clock = movableClock();
  const running = await service({ initialPets: SHOP, now: () => clock.now() + ahead, keyLifetimeMs });
  const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
  cleanups.push(() => proxy.close());
  const dataDir = folder();
  const first = await openCore(dataDir, proxy.url, { now: clock.now, ...(stated && { fetch: stated }) });
  // The first add proves keys are honoured, and for how long; a second one's answer, where stated once, says nothing.
  for (const name of stated ? ['Rex', 'Bella'] : ['Rex']) {
    expect(await first.invoke('createPet', { pet: { name, categoryId: '1' } })).toMatchObject({ outcome: 'created' });
  }
  await proxy.next('dropped');
  await first.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
  first.core.setPlatformOnline(false);
  await first.core.close();
  const postsBefore = proxy.posts.length;
  clock.advance(away);
  const restarted = await openCore(dataDir, proxy.url, { now: clock.now });
  const onService = async () => (await allPets(running.url)).filter((pet) => pet.name === 'Lunch').length;
  const lunch = async () => (await outboxOf(restarted)).find((one) => one.pet.name === 'Lunch');
  const state = async () => {
    const item = await lunch();
    return item ? `${item.state}${item.check ? `:${item.check}` : ''}` : 'absent';
  };
  return { proxy, postsBefore, onService, state, lunch };
}

describe('an add whose answer was lost, where the service keeps keys one hour (and says so)', () => {
  it('back within the hour: resent with its key, and the service holds it once', async () => {
    const shop = await closedAfterLostAnswer(HOUR_MS - 5 * 60_000);
    await vi.waitFor(async () => expect(await shop.state()).toBe('sent'), { timeout: 5000 });
    expect(await shop.onService()).toBe(1);
  });

  it('back after a long lunch: waits for the clerk beside the row on the service, and nothing is sent', async () => {
    const shop = await closedAfterLostAnswer(HOUR_MS + 60_000);
    await vi.waitFor(async () => expect(await shop.state()).toBe('needs_attention:needs_check'), { timeout: 5000 });
    // Shown beside the service's row once its look-up is done.
    await vi.waitFor(
      async () => expect((await shop.lunch())?.matches?.pets.map((pet) => pet.name)).toEqual(['Lunch']),
      {
        timeout: 5000,
      },
    );
    expect(shop.proxy.posts.slice(shop.postsBefore)).not.toContain('Lunch');
    expect(await shop.onService()).toBe(1);
  });

  it('the service’s clock 30 s ahead, back 59 min 40 s later by the counter’s: the minute in hand makes it wait', async () => {
    const shop = await closedAfterLostAnswer(HOUR_MS - 20_000, { ahead: 30_000 });
    await vi.waitFor(async () => expect(await shop.state()).toBe('needs_attention:needs_check'), { timeout: 5000 });
    expect(shop.proxy.posts.slice(shop.postsBefore)).not.toContain('Lunch');
    expect(await shop.onService()).toBe(1);
  });
});

describe('a service that stated its key lifetime once, its later answers stating none', () => {
  it('one hour stated, then a proxy drops the header: an add whose answer was lost, back two hours later, waits for the clerk, nothing is sent, held once', async () => {
    const shop = await closedAfterLostAnswer(2 * HOUR_MS, { stated: statedOnce() });
    await vi.waitFor(async () => expect(await shop.state()).toBe('needs_attention:needs_check'), { timeout: 5000 });
    expect(shop.proxy.posts.slice(shop.postsBefore)).not.toContain('Lunch');
    expect(await shop.onService()).toBe(1);
  });

  it('a week stated, then the service updated to the default day: an add whose answer was lost, back two days later, waits for the clerk, held once', async () => {
    const stated = statedOnce((7 * DAY_MS) / 1000);
    const shop = await closedAfterLostAnswer(2 * DAY_MS, { keyLifetimeMs: DAY_MS, stated });
    await vi.waitFor(async () => expect(await shop.state()).toBe('needs_attention:needs_check'), { timeout: 5000 });
    expect(shop.proxy.posts.slice(shop.postsBefore)).not.toContain('Lunch');
    expect(await shop.onService()).toBe(1);
  });
});
