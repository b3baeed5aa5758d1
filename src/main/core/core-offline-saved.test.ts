import { describe, expect, it } from 'vitest';
import { synced } from './catalogue/catalogue-harness';
import { folder, openCore, service } from './core-harness';
import { movableClock } from './test-support';

// The shop's animals in id order: sold, available, sold, pending, sold.
const shop = [
  { name: 'Rex', categoryId: '1', status: 'sold' as const },
  { name: 'Tom', categoryId: '2', status: 'available' as const },
  { name: 'Kiwi', categoryId: '3', status: 'sold' as const },
  { name: 'Olive', categoryId: '1', status: 'pending' as const },
  { name: 'Bruno', categoryId: '2', status: 'sold' as const },
];
const names = (pets: Array<{ name: string }>) => pets.map((pet) => pet.name);

describe('the lookup when the service cannot be reached, before the removal date', () => {
  it('answers from the catalogue, says so and why, and when the id is not in it says both', async () => {
    const running = await service({ initialPets: shop });
    const clock = movableClock(Date.parse('2027-03-01T10:42:00Z'));
    const harness = await openCore(folder(), running.url, { now: clock.now });
    const { core, invoke } = harness;
    const saved = await synced(harness);
    const kiwi = saved.pets.find((pet) => pet.name === 'Kiwi');

    // The service goes down an hour later; the lookup still serves the clerk.
    clock.advance(3_600_000);
    await running.close();
    const found = await invoke('lookupPet', { id: kiwi?.id ?? '' });
    expect(found).toMatchObject({
      source: 'cache',
      pet: { name: 'Kiwi', status: 'sold' },
      fetchedAt: saved.syncedAt,
      notice: { mode: 'service' },
      offlineReason: { kind: 'unreachable' },
    });

    // Keeps the kind (offline), and its reason says both: not reached, and not saved.
    expect(await core.invoke('lookupPet', { id: '999999' })).toEqual({
      ok: false,
      error: { kind: 'unreachable', reason: 'unreachable_not_saved', params: { id: '999999' } },
    });
  });
});

describe('a list never saved, offline, from a saved list that contains it', () => {
  it('takes the sold animals of the saved "All" list and says which list it came from', async () => {
    const running = await service({ initialPets: shop });
    const { invoke } = await openCore(folder(), running.url);
    await invoke('listPets', { query: { limit: 20 } });
    await running.close();

    const sold = await invoke('listPets', { query: { limit: 2, status: 'sold' } });
    expect(names(sold.pets)).toEqual(['Rex', 'Kiwi']);
    expect(sold).toMatchObject({
      source: 'cache',
      query: { limit: 2, status: 'sold' },
      derivedFrom: { limit: 20 },
      offlineReason: { kind: 'unreachable' },
    });
    expect(sold.mayBeIncomplete).toBeUndefined();
  });

  it('says the subset may be incomplete when the saved "All" list was a full page', async () => {
    const running = await service({ initialPets: shop });
    const { invoke } = await openCore(folder(), running.url);
    await invoke('listPets', { query: { limit: 3 } });
    await running.close();

    const sold = await invoke('listPets', { query: { limit: 20, status: 'sold' } });
    expect(names(sold.pets)).toEqual(['Rex', 'Kiwi']);
    expect(sold).toMatchObject({ derivedFrom: { limit: 3 }, mayBeIncomplete: true });
  });

  it('takes a smaller page from a larger saved page of the same filter, and the exact copy first', async () => {
    const running = await service({ initialPets: shop });
    const { core, invoke } = await openCore(folder(), running.url);
    await invoke('listPets', { query: { limit: 50, status: 'sold' } });
    await invoke('listPets', { query: { limit: 1, status: 'pending' } });
    await running.close();

    const smaller = await invoke('listPets', { query: { limit: 2, status: 'sold' } });
    expect(names(smaller.pets)).toEqual(['Rex', 'Kiwi']);
    expect(smaller.derivedFrom).toEqual({ limit: 50, status: 'sold' });
    const exact = await invoke('listPets', { query: { limit: 1, status: 'pending' } });
    expect(names(exact.pets)).toEqual(['Olive']);
    expect(exact.derivedFrom).toBeUndefined();
    // Nothing saved contains "available": the clerk is told the service cannot be reached.
    expect(await core.invoke('listPets', { query: { limit: 20, status: 'available' } })).toMatchObject({
      ok: false,
      error: { kind: 'unreachable' },
    });
  });
});
