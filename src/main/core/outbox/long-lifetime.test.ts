/** A lifetime stated as a positive whole number of seconds is relied on, however many digits it has. */
import { describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('a service that keeps keys for good and says so (Idempotency-Key-Lifetime: 2000000000)', () => {
  it('Lunch, whose answer was lost after the service created it, is sent again with its key by itself: one Lunch', async () => {
    // The reference service keeping keys 2,000,000,000 s: its answers state that whole number of seconds.
    const running = await service({ initialPets: SHOP, keyLifetimeMs: 2_000_000_000_000 });
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const harness = await openCore(folder(), proxy.url);
    expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await proxy.next('dropped');
    await harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    const lunch = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Lunch');
    // The service keeps its key: the resend gets the first answer, and Lunch is sent without troubling the clerk.
    await vi.waitFor(async () => expect((await lunch())?.state).toBe('sent'), { timeout: 8000, interval: 50 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
