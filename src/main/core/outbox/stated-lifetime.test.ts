/** A service that states a key lifetime shorter than the default: the outbox goes by what the service said. */
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../test-support';
import { startFaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A shop of 250 that keeps keys one hour and says so, its clock `ahead` of the counter's; an add whose answer was
 * lost; the app closed for `away`.
 */
async function closedAfterLostAnswer(away: number, ahead = 0) {
  const clock = movableClock();
  const running = await service({ initialPets: SHOP, now: () => clock.now() + ahead, keyLifetimeMs: HOUR_MS });
  const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
  cleanups.push(() => proxy.close());
  const dataDir = folder();
  const first = await openCore(dataDir, proxy.url, { now: clock.now });
  // The first add proves keys are honoured, and for how long.
  expect(await first.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
    outcome: 'created',
  });
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
    const shop = await closedAfterLostAnswer(HOUR_MS - 20_000, 30_000);
    await vi.waitFor(async () => expect(await shop.state()).toBe('needs_attention:needs_check'), { timeout: 5000 });
    expect(shop.proxy.posts.slice(shop.postsBefore)).not.toContain('Lunch');
    expect(await shop.onService()).toBe(1);
  });
});

describe('a service that said it keeps keys one hour, then echoes a key without saying it again', () => {
  it('an add whose answer was lost, back two hours later: waits for the clerk, nothing is sent, held once', async () => {
    const clock = movableClock();
    const running = await service({ initialPets: SHOP, now: clock.now, keyLifetimeMs: HOUR_MS });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    // The shop's new proxy drops a header it does not know from the answers after the first add.
    let adds = 0;
    const dropsLifetime: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (init?.method !== 'POST' || (adds += 1) === 1) return answer;
      const headers = new Headers(answer.headers);
      headers.delete('idempotency-key-lifetime');
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    };
    const dataDir = folder();
    const first = await openCore(dataDir, proxy.url, { now: clock.now, fetch: dropsLifetime });
    for (const name of ['Rex', 'Bella']) {
      expect(await first.invoke('createPet', { pet: { name, categoryId: '1' } })).toMatchObject({ outcome: 'created' });
    }
    await proxy.next('dropped');
    await first.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    first.core.setPlatformOnline(false);
    await first.core.close();
    const postsBefore = proxy.posts.length;
    clock.advance(2 * HOUR_MS);
    const restarted = await openCore(dataDir, proxy.url, { now: clock.now });
    await vi.waitFor(
      async () => {
        const lunch = (await outboxOf(restarted)).find((one) => one.pet.name === 'Lunch');
        expect(`${lunch?.state ?? 'absent'}:${lunch?.check ?? ''}`).toBe('needs_attention:needs_check');
      },
      { timeout: 5000 },
    );
    expect(proxy.posts.slice(postsBefore)).not.toContain('Lunch');
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
