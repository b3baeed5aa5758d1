/** Keys honoured, then not (a gateway put in front mid-morning drops the header): an add in doubt waiting
 * for its resend is resent after a success proved keys are no longer kept. */
import { describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../test-support/fault-proxy';
import { allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('an add in doubt, then proof that the service no longer honours keys', () => {
  it('Lunch, whose answer was lost, is not resent once Max’s success came back without its key: one Lunch', async () => {
    const running = await service();
    const proxy = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => proxy.close());
    const harness = await openCore(folder(), proxy.url);
    // Keys honoured: Rex's success echoes its key.
    expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    // Lunch reaches the service, its answer is lost: it waits a second for its resend with the same key.
    await proxy.next('dropped');
    expect(await harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    // Now a gateway drops the header: Max is created, and its answer carries no key (keys are not honoured).
    proxy.ignoreKeys = true;
    expect(await harness.invoke('createPet', { pet: { name: 'Max', categoryId: '3' } })).toMatchObject({
      outcome: 'created',
    });
    const lunch = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.state).toMatch(/sent|needs_attention/), { timeout: 10_000 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
