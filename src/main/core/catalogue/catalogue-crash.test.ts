/** The app stops (a power cut) right after an add, before the sync that writes the animal into the catalogue's file. */
import { cpSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SHOP, folder, openCore, outboxOf, service } from '../test-support/harness';
import { synced } from '../test-support/catalogue';

describe('an animal added just before a power cut', () => {
  it('is found by the lookup at the next start, offline, as the list shows it', async () => {
    const shop = await service({ initialPets: SHOP });
    const dataDir = folder();
    const harness = await openCore(dataDir, shop.url);
    await synced(harness);
    const added = await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } });
    if (added.outcome !== 'created') throw new Error('not created');
    // The disk as the power cut leaves it: the outbox holds Bella as sent, the catalogue's file is the one before.
    const afterCut = folder();
    cpSync(dataDir, afterCut, { recursive: true });
    await shop.close();
    const restarted = await openCore(afterCut, shop.url);
    expect((await outboxOf(restarted)).map((item) => `${item.pet.name}:${item.state}`)).toEqual(['Bella:sent']);
    // Told again by the outbox once it has started.
    await vi.waitFor(async () => {
      const found = await restarted.core.invoke('lookupPet', { id: added.pet.id });
      expect(found.ok && found.value.pet).toMatchObject({ id: added.pet.id, name: 'Bella' });
    });
  });
});
