import type { PetList } from '../../../shared/views';
import { formatAge } from './format';
import type { FoundRow } from './search';

/** Where the animal in the detail panel was read from, and how long ago. */
export function detailSource(row: FoundRow, list: PetList | null, listAgeMs: number, now: number): string {
  if (row.savedAt !== undefined)
    return `A list saved on this computer, fetched ${formatAge(Math.max(0, now - row.savedAt))}`;
  if (list?.source === 'network') return `The service, ${formatAge(listAgeMs)}`;
  return `A list saved on this computer, fetched ${formatAge(listAgeMs)}`;
}

export const detailButtonId = (id: string): string => `open-${id}`;
