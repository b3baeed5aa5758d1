/** A shop put back from a backup gives a forgotten animal's id to the next add before the counter's list caught up:
 * that add's own answer is believed (a claim by an animal of another name is no replay). Against the reference service
 * behind a gateway dropping keys. */
import { expect, it, vi } from 'vitest';
import { allPets } from '../test-support/harness';
import { biscuitSent, startedAgain, itemNamed } from './test-support';

it('a restored shop gives a forgotten animal’s id to the next add: that add is created once, its answer believed', async () => {
  const { running: before, harness } = await biscuitSent();

  // IT puts back last night's store, without Biscuit, at the same address; the clerk adds Honey at once.
  const restored = await startedAgain(before);
  const honey = await harness.invoke('createPet', { pet: { name: 'Honey', categoryId: '2' } });
  expect((await allPets(restored.url)).filter((pet) => pet.name === 'Honey').map((pet) => pet.id)).toEqual(['251']);
  // The service's answer was Honey #251, its name and category as sent: it is this add's.
  expect.soft(honey).toMatchObject({ outcome: 'created', pet: { id: '251', name: 'Honey' } });

  // Had it gone to the check, the clerk would see what it offers, and press "Send again" where it offers nothing.
  const waiting = () => itemNamed(harness, 'Honey');
  const item = await waiting();
  if (item?.state === 'needs_attention') {
    await vi.waitFor(async () => expect((await waiting())?.matches).toBeDefined(), { timeout: 10_000 });
    expect.soft((await waiting())?.matches?.pets.map((pet) => pet.id)).toEqual(['251']);
    if ((await waiting())?.matches?.pets.length === 0) {
      await harness.invoke('retryOutboxItem', { id: item.id });
      await vi.waitFor(async () => expect((await waiting())?.state).toBe('sent'), { timeout: 10_000 });
    }
  }
  expect((await allPets(restored.url)).filter((pet) => pet.name === 'Honey')).toHaveLength(1);
}, 30_000);
