/** An animal sent from here renamed on the service is still that animal: the check of another add never offers its row. */
import { describe, expect, it, vi } from 'vitest';
import { SHOP, allPets } from '../test-support/harness';
import { biscuitSent, startedAgain, itemNamed } from './test-support';

describe('Biscuit, sent from here, renamed "Honey" on the service; then an add of Honey whose answer never came', () => {
  it('the check of Honey does not offer Biscuit’s row', async () => {
    const { running: before, gateway, harness } = await biscuitSent();

    // Someone renames 251 on the service (its list never lacked 251: no restore, the same animal).
    const renamed = await startedAgain(before, [...SHOP, { id: '251', name: 'Honey', categoryId: '2' }]);
    // Honey's add never reaches the service.
    gateway.cutOff.add('Honey');
    expect(await harness.invoke('createPet', { pet: { name: 'Honey', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    await vi.waitFor(async () => expect((await itemNamed(harness, 'Honey'))?.matches).toBeDefined());
    // The service holds no Honey this counter made: only Biscuit, renamed.
    expect((await allPets(renamed.url)).filter((pet) => pet.name === 'Honey').map((pet) => pet.id)).toEqual(['251']);
    const honey = await itemNamed(harness, 'Honey');
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
