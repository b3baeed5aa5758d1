import { PetStatus, type Pet } from '../../../shared/pet';
import { SortOrder } from '../../../shared/views';

export { SortOrder };
export type SortKey = SortOrder['key'];

/** int64 decimal strings compared exactly: never through a JS number. */
const byInt64 = (a: string, b: string): number => {
  const difference = BigInt(a) - BigInt(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
};

const STATUS_ORDER = PetStatus.options;
const byStatus = (a: Pet, b: Pet): number =>
  (a.status ? STATUS_ORDER.indexOf(a.status) : STATUS_ORDER.length) -
  (b.status ? STATUS_ORDER.indexOf(b.status) : STATUS_ORDER.length);

function compare(key: SortKey, collator: Intl.Collator): (a: Pet, b: Pet) => number {
  switch (key) {
    case 'id':
      return (a, b) => byInt64(a.id, b.id);
    case 'name':
      return (a, b) => collator.compare(a.name, b.name) || byInt64(a.id, b.id);
    case 'category':
      return (a, b) => byInt64(a.categoryId, b.categoryId) || byInt64(a.id, b.id);
    case 'status':
      return (a, b) => byStatus(a, b) || byInt64(a.id, b.id);
  }
}

/** The rows in the chosen order; with no order chosen, as the service sent them. */
export function sortRows<Row extends { pet: Pet }>(
  rows: readonly Row[],
  order: SortOrder | null,
  collator: Intl.Collator,
): Row[] {
  if (!order) return [...rows];
  const by = compare(order.key, collator);
  const sign = order.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * by(a.pet, b.pet));
}

/** A click on a column: sort by it ascending, again to reverse, a third time back to the service's order. */
export function nextSortOrder(current: SortOrder | null, key: SortKey): SortOrder | null {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return current.direction === 'ascending' ? { key, direction: 'descending' } : null;
}

/** The order is remembered per environment on this computer; anything unreadable is no order. */
export function readSortOrder(storage: Pick<Storage, 'getItem'>, environmentId: string): SortOrder | null {
  try {
    const parsed = SortOrder.safeParse(JSON.parse(storage.getItem(`sort:${environmentId}`) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSortOrder(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  environmentId: string,
  order: SortOrder | null,
): void {
  if (order) storage.setItem(`sort:${environmentId}`, JSON.stringify(order));
  else storage.removeItem(`sort:${environmentId}`);
}
