/** The minute the outbox keeps in hand before a key's stated lifetime: the service's clock may run ahead of the counter's. */
import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../test-support';
import { startFaultProxy } from '../test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

const HOUR_MS = 60 * 60 * 1000;

describe('an add whose answer was lost, where the service keeps keys one hour and its clock runs 30 s ahead of the counter’s', () => {
  it('back 59 minutes 40 seconds later by the counter’s clock: waits for the clerk, and the service holds it once', async () => {
    const clock = movableClock();
    const running = await service({ initialPets: SHOP, now: () => clock.now() + 30_000, keyLifetimeMs: HOUR_MS });
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

    // By the service's clock the hour is over: a resend with the key would be a second Lunch.
    clock.advance(HOUR_MS - 20_000);
    const restarted = await openCore(dataDir, proxy.url, { now: clock.now });
    const lunch = async () => (await outboxOf(restarted)).find((one) => one.pet.name === 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.check).toBe('needs_check'), { timeout: 5000 });
    await vi.waitFor(async () => expect((await lunch())?.matches?.pets.map((pet) => pet.name)).toEqual(['Lunch']), {
      timeout: 5000,
    });
    expect(proxy.posts.slice(postsBefore)).not.toContain('Lunch');
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
