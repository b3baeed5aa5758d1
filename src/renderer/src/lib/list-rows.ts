import type { Pet, PetStatus } from '../../../shared/pet';
import type { OutboxItem } from '../../../shared/views';

/** What a row shows of an animal: the service's id once it has one. */
export interface RowPet {
  id?: string;
  name: string;
  categoryId: string;
  status?: PetStatus;
}

/**
 * A row of the list: an animal of the catalogue, or one added here that the
 * service has not listed yet. `key` stays the same while an added animal
 * goes from "not sent yet" to sent to the catalogue's row, so the row is
 * never drawn twice or redrawn.
 */
export interface ListRow {
  key: string;
  pet: RowPet;
  /** The outbox item it was added through, while the outbox still lists it. */
  outboxId?: string;
  /** Not sent yet: the outbox item waits (queued, sending, or for the clerk's check). */
  waiting?: OutboxItem;
  /** Sent from here but not in the catalogue yet: when the service took it. */
  sentAt?: number;
}

/** An outbox item that will become an animal: not refused by the service. */
const isWaiting = (item: OutboxItem) =>
  item.state === 'queued' ||
  item.state === 'sending' ||
  (item.state === 'needs_attention' && item.check !== 'rejected');

/**
 * The whole list: the catalogue, the animals sent from here that it does not
 * list yet, and the animals not sent yet (last: they will have the newest
 * ids). `outbox` is the environment's own items; `added` animals the service
 * created for this counter in this session; `taken` the outbox items whose
 * animal the catalogue has taken in: one it lacks has left the service since,
 * and is no row (the outbox keeps it a week).
 */
export function listRows(
  catalogue: readonly Pet[],
  outbox: readonly OutboxItem[],
  added: readonly Pet[] = [],
  taken: readonly string[] = [],
): ListRow[] {
  const sentAs = new Map<string, OutboxItem>();
  for (const item of outbox) if (item.state === 'sent' && item.created) sentAs.set(item.created.id, item);
  const rows: ListRow[] = catalogue.map((pet) => {
    const item = sentAs.get(pet.id);
    return item ? { key: item.id, pet, outboxId: item.id } : { key: pet.id, pet };
  });
  // The catalogue's ids as a set only when something may not be listed yet (10,000: 3.9–6.1 → 1.4–1.9 ms cold).
  if (sentAs.size > 0 || added.length > 0) {
    const listed = new Set(catalogue.map((pet) => pet.id));
    const takenIn = new Set(taken);
    for (const [id, item] of sentAs) {
      if (listed.has(id) || !item.created) continue;
      listed.add(id);
      // Taken in and lacked now: it left the service (a restored shop, a lookup's 404), and its stand-in with it.
      if (!takenIn.has(item.id)) {
        rows.push({ key: item.id, pet: item.created, outboxId: item.id, sentAt: item.sentAt ?? item.createdAt });
      }
    }
    for (const pet of added) {
      if (listed.has(pet.id)) continue;
      listed.add(pet.id);
      rows.push({ key: pet.id, pet, sentAt: 0 });
    }
  }
  for (const item of outbox) {
    if (isWaiting(item)) rows.push({ key: item.id, pet: item.pet, outboxId: item.id, waiting: item });
  }
  return rows;
}

/**
 * The ids of outbox items in `after` that `before` did not hold: added since. An add is first seen on its way; one
 * new here already sent is shown again (its environment back at the address it went to), not added.
 */
export function newItemIds(before: readonly OutboxItem[], after: readonly OutboxItem[]): string[] {
  const known = new Set(before.map((item) => item.id));
  return after.filter((item) => item.state !== 'sent' && !known.has(item.id)).map((item) => item.id);
}

/** The animals of `pets` the catalogue does not list (yet). */
export function unlisted(pets: readonly Pet[], catalogue: readonly Pet[]): Pet[] {
  if (pets.length === 0) return [];
  const listed = new Set(catalogue.map((pet) => pet.id));
  return pets.filter((pet) => !listed.has(pet.id));
}

export interface ListTotals {
  /** Every animal of the list: the catalogue and those not sent yet. */
  all: number;
  available: number;
  waiting: number;
}

export function listTotals(rows: readonly ListRow[]): ListTotals {
  let available = 0;
  let waiting = 0;
  for (const row of rows) {
    if (row.pet.status === 'available') available += 1;
    if (row.waiting) waiting += 1;
  }
  return { all: rows.length, available, waiting };
}
