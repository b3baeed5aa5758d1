/** An animal sent from here renamed on the service is still that animal: the check of another add never offers its row. */
import { describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../test-support/fault-proxy';
import { refreshed, synced } from '../test-support/catalogue';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('Biscuit, sent from here, renamed "Honey" on the service; then an add of Honey whose answer never came', () => {
  it('the check of Honey does not offer Biscuit’s row', async () => {
    const before = await service({ initialPets: SHOP });
    // Keys not passed on: an add with no answer waits for the clerk's check at once.
    const gateway = await startFaultProxy(before.url, { ignoreKeys: true });
    cleanups.push(() => gateway.close());
    const harness = await openCore(folder(), gateway.url);
    await synced(harness);
    const biscuit = await harness.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    expect(biscuit).toMatchObject({ outcome: 'created', pet: { id: '251' } });
    await refreshed(harness);

    // Someone renames 251 on the service (its list never lacked 251: no restore, the same animal).
    await before.close();
    const renamed = await service({
      initialPets: [...SHOP, { id: '251', name: 'Honey', categoryId: '2' }],
      port: Number(new URL(before.url).port),
    });
    // Honey's add never reaches the service.
    gateway.cutOff.add('Honey');
    expect(await harness.invoke('createPet', { pet: { name: 'Honey', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    await vi.waitFor(async () => {
      const honey = (await outboxOf(harness)).find((item) => item.pet.name === 'Honey');
      expect(honey?.matches).toBeDefined();
    });
    // The service holds no Honey this counter made: only Biscuit, renamed.
    expect((await allPets(renamed.url)).filter((pet) => pet.name === 'Honey').map((pet) => pet.id)).toEqual(['251']);
    const honey = (await outboxOf(harness)).find((item) => item.pet.name === 'Honey');
    // Not Biscuit's row: 'It is on the service' would mark Honey sent as that row, and Honey would never be created.
    expect(honey?.matches?.pets.map((pet) => pet.id)).toEqual([]);
    // Confirmed all the same (a screen from before): the check says no row is left, and Honey is not marked sent.
    const confirmed = await harness.invoke('confirmOutboxItem', { id: honey?.id ?? '' });
    expect(confirmed.items.find((item) => item.id === honey?.id)).toMatchObject({
      state: 'needs_attention',
      check: 'needs_check',
    });
  });
});
