import type { CategoryLabel } from '../../../shared/views';
import { i18n, t } from '../i18n/i18n.svelte';
import { csvFile, csvSeparator } from './csv';
import type { ListRow } from './list-rows';
import { statusText } from './status-text';

/** What an export or a print covers: the rows as the clerk sees them, or every animal of the shop. */
export type ListScope = 'view' | 'shop';

/**
 * Rows of the list as CSV, with plain column names in the clerk's language:
 * the id (empty for an animal not sent yet), name, the category's name here
 * and its id, the status in words as the list shows it, and a note for animals not sent yet.
 * `caveat`, the list's own "some animals may be missing here", comes first: it is what a clerk opening the file
 * sees (after 10,000 rows it would never be), and the empty line under it keeps the table one block, so a
 * spreadsheet sorting or filtering it takes the heading row as headings and never sorts the caveat into the animals.
 */
export function listCsv(
  rows: readonly ListRow[],
  categories: readonly CategoryLabel[],
  caveat?: string | null,
): string {
  const names = new Map(categories.map((category) => [category.id, category.label]));
  const header = [t('csv.id'), t('csv.name'), t('csv.category'), t('csv.categoryId'), t('csv.status'), t('csv.note')];
  return csvFile(
    [
      ...(caveat ? [[caveat], []] : []),
      header,
      ...rows.map(({ pet, waiting }) => [
        pet.id ?? '',
        pet.name,
        names.get(pet.categoryId) ?? '',
        pet.categoryId,
        statusText(pet.status, !!waiting),
        waiting ? t('table.notSent') : '',
      ]),
    ],
    csvSeparator(i18n.tag),
  );
}
