import type { PetList } from '../../../shared/views';
import { t } from '../i18n/i18n.svelte';
import { formatAge } from './format';
import type { FoundRow } from './search';

/** Where the animal in the detail panel was read from, and how long ago. */
export function detailSource(row: FoundRow, list: PetList | null, listAgeMs: number, now: number): string {
  if (row.savedAt !== undefined) return t('detail.savedList', { age: formatAge(Math.max(0, now - row.savedAt)) });
  if (list?.source === 'network') return t('detail.service', { age: formatAge(listAgeMs) });
  return t('detail.savedList', { age: formatAge(listAgeMs) });
}

export const detailButtonId = (id: string): string => `open-${id}`;
