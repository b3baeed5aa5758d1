import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import type { PetList } from '../../../shared/views';
import { detailSource } from './pet-detail';

const rex: Pet = { id: '9007199254740993', name: 'Rex', categoryId: '2', status: 'available' };
const list = (source: PetList['source']): PetList => ({
  environmentId: 'demo',
  query: { limit: 20 },
  pets: [rex],
  source,
  fetchedAt: 0,
  ageMs: 0,
});

describe('where the detail panel says an animal came from', () => {
  it('names the service for a fresh list, and a saved list with its age otherwise', () => {
    expect(detailSource({ pet: rex }, list('network'), 5_000, 5_000)).toBe('The service, just now');
    expect(detailSource({ pet: rex }, list('cache'), 12 * 60_000, 0)).toBe(
      'A list saved on this computer, fetched 12 minutes ago',
    );
    expect(detailSource({ pet: rex, savedAt: 0 }, list('network'), 0, 3 * 3_600_000)).toBe(
      'A list saved on this computer, fetched 3 hours ago',
    );
  });
});
