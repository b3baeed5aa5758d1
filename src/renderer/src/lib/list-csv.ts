import type { CategoryLabel } from '../../../shared/views';
import { i18n, t } from '../i18n/i18n.svelte';
import { csvFile, csvSeparator } from './csv';
import type { ListRow } from './list-rows';

/** What an export or a print covers: the rows as the clerk sees them, or every animal of the shop. */
export type ListScope = 'view' | 'shop';

/**
 * Rows of the list as CSV, with plain column names in the clerk's language:
 * the id (empty for an animal not sent yet), name, the category's name here
 * and its id, the status in words, and a note for animals not sent yet.
 */
export function listCsv(rows: readonly ListRow[], categories: readonly CategoryLabel[]): string {
  const names = new Map(categories.map((category) => [category.id, category.label]));
  const header = [t('csv.id'), t('csv.name'), t('csv.category'), t('csv.categoryId'), t('csv.status'), t('csv.note')];
  return csvFile(
    [
      header,
      ...rows.map(({ pet, waiting }) => [
        pet.id ?? '',
        pet.name,
        names.get(pet.categoryId) ?? '',
        pet.categoryId,
        pet.status ? t(`status.${pet.status}`) : '',
        waiting ? t('table.notSent') : '',
      ]),
    ],
    csvSeparator(i18n.tag),
  );
}
