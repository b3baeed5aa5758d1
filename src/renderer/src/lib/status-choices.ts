import type { PetStatus } from '../../../shared/pet';

/** The list's status filter: every status, or one of them. */
export type StatusChoice = 'all' | PetStatus;

export const STATUS_CHOICES: ReadonlyArray<{ value: StatusChoice; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'available', label: 'Available' },
  { value: 'pending', label: 'Pending' },
  { value: 'sold', label: 'Sold' },
];
