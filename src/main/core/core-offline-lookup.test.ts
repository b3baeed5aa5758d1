import { describe, expect, it } from 'vitest';
import { synced } from './test-support/catalogue';
import { folder, openCore, service } from './test-support/harness';
import { movableClock } from './test-support';

const shop = [
  { name: 'Rex', categoryId: '1', status: 'sold' as const },
  { name: 'Tom', categoryId: '2', status: 'available' as const },
  { name: 'Kiwi', categoryId: '3', status: 'sold' as const },
  { name: 'Olive', categoryId: '1', status: 'pending' as const },
  { name: 'Bruno', categoryId: '2', status: 'sold' as const },
];

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
      error: { kind: 'unreachable', reason: 'unreachable_not_in_catalogue', params: { id: '999999' } },
    });
  });
});

describe('the lookup when the key is refused, or gone', () => {
  it('answers from the catalogue the list shows, says the key is why, and leads to the key when the id is not in it', async () => {
    const running = await service({ initialPets: shop });
    const harness = await openCore(folder(), running.url);
    const { core, invoke } = harness;
    const saved = await synced(harness);
    const olive = saved.pets.find((pet) => pet.name === 'Olive');

    // Someone replaced the key with one the service refuses (401).
    await invoke('setApiKey', { environmentId: 'demo', apiKey: 'a-key-the-service-refuses' });
    expect(await invoke('lookupPet', { id: olive?.id ?? '' })).toMatchObject({
      source: 'cache',
      pet: { name: 'Olive', status: 'pending' },
      fetchedAt: saved.syncedAt,
      offlineReason: { kind: 'unauthorized', reason: 'key_refused' },
    });
    expect(await core.invoke('lookupPet', { id: '999999' })).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized', reason: 'key_refused' },
    });

    // No key at all: nothing is sent, and the copy of the shop still answers, saying why.
    await invoke('clearApiKey', { environmentId: 'demo' });
    expect((await invoke('getCatalogue', {})).pets.map((pet) => pet.name)).toContain('Olive');
    expect(await invoke('lookupPet', { id: olive?.id ?? '' })).toMatchObject({
      source: 'cache',
      pet: { name: 'Olive' },
      offlineReason: { kind: 'no_api_key', reason: 'no_key' },
    });
    expect(await core.invoke('lookupPet', { id: '999999' })).toEqual({
      ok: false,
      error: { kind: 'no_api_key', reason: 'no_key' },
    });
  });
});
