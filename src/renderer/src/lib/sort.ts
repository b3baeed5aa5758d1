import { foldName } from '../../../shared/fold';
import { compareInt64 } from '../../../shared/int64';
import { PetStatus } from '../../../shared/pet';
import type { SortOrder } from '../../../shared/screen-choices';
import type { CategoryLabel } from '../../../shared/views';
import type { RowPet } from './list-rows';
import { foldedName } from './search';

export type { SortOrder };
export type SortKey = SortOrder['key'];

/** The list's columns a counter may hide; the id and the name always stay. */
export const HIDEABLE_COLUMNS = ['category', 'status'] as const satisfies readonly SortKey[];
export type HideableColumn = (typeof HIDEABLE_COLUMNS)[number];

/** No id yet (not sent): after every id, as the service will give it the newest. */
const byId = (a: RowPet, b: RowPet): number =>
  a.id === undefined ? (b.id === undefined ? 0 : 1) : b.id === undefined ? -1 : compareInt64(a.id, b.id);

// A name's sort key, made once per animal: the name as the search box folds it (case and accents aside, ø as o, ß as
// ss, curly apostrophes and dashes as straight ones), spaces then other signs before digits and letters, and each run
// of digits prefixed by its length, so "Rex 2" comes before "Rex 10". Close to Intl.Collator at its base level, not
// the same: a straightened sign sorts as the straight one, so "Jean–Claude" comes before "Jean-Luc" (the collator
// puts all "Jean–" after all "Jean-").
// Comparing keys as plain strings sorts 10,000 names in a few ms, where the collator takes about ten times as long.
const nameKeys = new WeakMap<RowPet, string>();
function nameKey(pet: RowPet): string {
  let key = nameKeys.get(pet);
  if (key === undefined) {
    key = foldedName(pet)
      .replace(/[^\p{L}\p{N} ]/gu, (sign) => `!${sign}`)
      .replace(/\d+/g, (digits) => {
        const trimmed = digits.replace(/^0+(?=\d)/, '');
        return String(trimmed.length).padStart(3, '0') + trimmed;
      });
    nameKeys.set(pet, key);
  }
  return key;
}

const STATUS_ORDER = PetStatus.options;
const statusRank = (pet: RowPet): number => (pet.status ? STATUS_ORDER.indexOf(pet.status) : STATUS_ORDER.length);

/**
 * The category column as the clerk reads it: by the names given on this counter (case and accents aside), and the
 * ids without a name after them, by number.
 */
function byCategory(categories: readonly CategoryLabel[]): (a: RowPet, b: RowPet) => number {
  const named = new Map(categories.map((category) => [category.id, foldName(category.label)]));
  return (a, b) => {
    const x = named.get(a.categoryId);
    const y = named.get(b.categoryId);
    if (x !== undefined && y !== undefined && x !== y) return x < y ? -1 : 1;
    if ((x === undefined) !== (y === undefined)) return x === undefined ? 1 : -1;
    return compareInt64(a.categoryId, b.categoryId) || byId(a, b);
  };
}

function compare(key: SortKey, categories: readonly CategoryLabel[]): (a: RowPet, b: RowPet) => number {
  switch (key) {
    case 'id':
      return byId;
    case 'name':
      return (a, b) => {
        const x = nameKey(a);
        const y = nameKey(b);
        return (x < y ? -1 : x > y ? 1 : 0) || byId(a, b);
      };
    case 'category':
      return byCategory(categories);
    case 'status':
      return (a, b) => statusRank(a) - statusRank(b) || byId(a, b);
  }
}

/** The rows in the chosen order; with no order chosen, as the service lists them. `categories`: the clerk's names. */
export function sortRows<Row extends { pet: RowPet }>(
  rows: readonly Row[],
  order: SortOrder | null,
  categories: readonly CategoryLabel[] = [],
): readonly Row[] {
  if (!order) return rows;
  const by = compare(order.key, categories);
  const sign = order.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * by(a.pet, b.pet));
}

/** A click on a column: sort by it ascending, again to reverse, a third time back to the service's order. */
export function nextSortOrder(current: SortOrder | null, key: SortKey): SortOrder | null {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return current.direction === 'ascending' ? { key, direction: 'descending' } : null;
}
