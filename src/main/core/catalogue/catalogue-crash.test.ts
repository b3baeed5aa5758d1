/** The app stops (a power cut) right after an add, before the sync that writes the animal into the catalogue's file. */
import { cpSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { SHOP, folder, openCore, outboxOf, service } from '../test-support/harness';
import { refreshed, synced } from '../test-support/catalogue';
import type { InitialPet } from '../../../server';

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

  /** A sync since the add had the service's word on the animal: the outbox's copy of it is older. */
  async function restartedOffline(later: InitialPet[]) {
    const shop = await service({ initialPets: SHOP });
    const { port } = new URL(shop.url);
    const dataDir = folder();
    const harness = await openCore(dataDir, shop.url);
    await synced(harness);
    const added = await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } });
    if (added.outcome !== 'created') throw new Error('not created');
    await shop.close();
    const changed = await service({ initialPets: later.map((pet) => ({ ...pet })), port: Number(port) });
    const seen = await refreshed(harness);
    await harness.core.close();
    await changed.close();
    const again = await openCore(dataDir, shop.url);
    // Whatever the start does with the outbox's sent animals, it has done.
    await sleep(1000);
    return { id: added.pet.id, seen, offline: await again.invoke('getCatalogue', {}) };
  }

  it('sold at another till since: the copy held still says sold the next morning, offline', async () => {
    const { id, seen, offline } = await restartedOffline([
      ...SHOP,
      { id: '251', name: 'Bella', categoryId: '2', status: 'sold' },
    ]);
    expect(id).toBe('251');
    expect(seen.pets.find((pet) => pet.id === id)?.status).toBe('sold');
    expect(offline.pets.find((pet) => pet.id === id)?.status).toBe('sold');
  });

  it('gone from the service since (its store put back from a backup): it does not come back into the copy', async () => {
    const { seen, offline } = await restartedOffline(SHOP);
    expect(seen.pets.map((pet) => pet.name)).not.toContain('Bella');
    expect(offline.pets.map((pet) => pet.name)).not.toContain('Bella');
  });
});
