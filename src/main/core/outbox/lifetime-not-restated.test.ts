/** a key lifetime a service stated once, kept after the service at that address stopped stating it. */
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../test-support';
import { startFaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('a shop service that said it keeps keys a week, then was updated to one that keeps them a day and says nothing', () => {
  it('an add whose answer was lost, the counter back two days later: waits for the clerk, held once', async () => {
    const clock = movableClock();
    // The updated service keeps keys the contract's default day (the reference service's default).
    const running = await service({ initialPets: SHOP, now: clock.now });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    // Before its update, the first add's answer said "a week"; the updated one names the key and says nothing more.
    let adds = 0;
    const updatedAfterFirst: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (init?.method !== 'POST') return answer;
      const headers = new Headers(answer.headers);
      if ((adds += 1) === 1) headers.set('idempotency-key-lifetime', String((7 * DAY_MS) / 1000));
      else headers.delete('idempotency-key-lifetime');
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    };
    const dataDir = folder();
    const first = await openCore(dataDir, proxy.url, { now: clock.now, fetch: updatedAfterFirst });
    for (const name of ['Rex', 'Bella']) {
      expect(await first.invoke('createPet', { pet: { name, categoryId: '1' } })).toMatchObject({ outcome: 'created' });
    }
    await proxy.next('dropped');
    await first.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    first.core.setPlatformOnline(false);
    await first.core.close();
    const postsBefore = proxy.posts.length;
    clock.advance(2 * DAY_MS);
    const restarted = await openCore(dataDir, proxy.url, { now: clock.now, fetch: updatedAfterFirst });
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
