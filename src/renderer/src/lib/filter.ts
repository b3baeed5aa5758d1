import type { Pet } from '../../../shared/pet';

/**
 * Rows to show: the animals added in this session first (the service decides
 * its own order, so a new one may fall outside the first `limit` rows), then
 * the service's list, each id once.
 */
export function withJustAdded(pets: readonly Pet[], justAdded: readonly Pet[], status?: Pet['status']): Pet[] {
  const listed = new Set(pets.map((pet) => pet.id));
  const extra = justAdded.filter((pet) => !listed.has(pet.id) && (status === undefined || pet.status === status));
  return [...extra, ...pets];
}
