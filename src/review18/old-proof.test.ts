/** Review 18: what a service proved about keys on Friday is relied on on Monday, after its gateway was replaced. */
import { describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../main/core/test-support/fault-proxy';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../main/core/test-support/harness';

describe('Friday the shop honoured keys; over the weekend its gateway was replaced by one that drops Idempotency-Key', () => {
  it('Monday’s first add, its answer lost, waits for the clerk instead of being resent on Friday’s proof: held once', async () => {
    const running = await service({ initialPets: SHOP });
    const gateway = await startFaultProxy(running.url, { ignoreKeys: false });
    cleanups.push(() => gateway.close());
    const dataDir = folder();
    const friday = await openCore(dataDir, gateway.url);
    expect(await friday.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await friday.core.close();

    // Same address, new gateway: it strips the header on its way in, as the old one did not.
    gateway.ignoreKeys = true;
    const monday = await openCore(dataDir, gateway.url);
    // The morning's first look-up has answered: the service's time is known.
    await monday.invoke('lookupPet', { id: '1' });
    await gateway.next('dropped');
    await monday.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    const lunch = async () => (await outboxOf(monday)).find((one) => one.pet.name === 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.state).toMatch(/sent|needs_attention/), { timeout: 8000 });
    // On main: resent with its key on Friday's proof, and the service, which never saw the key, made a second Lunch.
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
