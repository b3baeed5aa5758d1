import { describe, expect, it } from 'vitest';
import { PET_STATUSES } from '../../../shared';
import { folder, openCore, service } from '../core-harness';

/** 260 animals: three pages of 100 at the largest size, every status, a name on each. */
const shop = () =>
  Array.from({ length: 260 }, (_, index) => ({
    name: `Animal ${String(index + 1)}`,
    categoryId: String((index % 6) + 1),
    status: PET_STATUSES[index % 3],
  }));

describe('the catalogue of a shop of 260 animals', () => {
  it('holds every animal, the 260th included, following the service’s next links', async () => {
    const running = await service({ initialPets: shop() });
    const { invoke } = await openCore(folder(), running.url);
    await invoke('refreshCatalogue', {});
    await expect.poll(async () => (await invoke('getCatalogue', {})).state).toBe('fresh');
    const catalogue = await invoke('getCatalogue', {});
    expect(catalogue.count).toBe(260);
    expect(catalogue.complete).toBe(true);
    expect(catalogue.pets.at(-1)).toMatchObject({ id: '260', name: 'Animal 260' });
  });
});
