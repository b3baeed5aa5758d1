import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appError, type NewPet, type OutboxItem } from '../../shared';
import {
  backoffMs,
  discard,
  makeDueNow,
  markFailed,
  markSending,
  markSent,
  newItem,
  nextDue,
  nextWake,
  pendingCount,
  recoverInterrupted,
  retry,
  SENT_ITEMS_KEPT,
} from './outbox-state';

const rex: NewPet = { name: 'Rex', categoryId: '1' };
const refused = appError('unreachable', 'The service cannot be reached.');
const timeout = appError('timeout', 'The service did not answer in time.');
const always = () => true;

/** The item at `index`, failing the test if there is none. */
function itemAt(items: OutboxItem[], index: number): OutboxItem {
  const item = items[index];
  if (!item) throw new Error(`no item at ${index}`);
  return item;
}

function queue(...names: string[]): OutboxItem[] {
  return names.map((name, index) => newItem(randomUUID(), 'demo', { ...rex, name }, 1000 + index));
}

describe('the outbox, step by step', () => {
  it('sends the oldest queued animal first', () => {
    const items = queue('Rex', 'Tom');
    expect(nextDue(items, 2000, always)?.pet.name).toBe('Rex');
  });

  it('retries a refused connection on its own, later each time, and keeps the order', () => {
    let items = queue('Rex', 'Tom');
    const rexId = itemAt(items, 0).id;
    items = markSending(items, rexId);
    items = markFailed(items, rexId, refused, 'not_reached', 5000);
    expect(items[0]).toMatchObject({ state: 'queued', attempts: 1, nextAttemptAt: 5000 + backoffMs(1) });
    // Tom does not overtake Rex while Rex waits out its backoff.
    expect(nextDue(items, 5500, always)).toBeUndefined();
    expect(nextWake(items)).toBe(6000);
    expect(nextDue(items, 6000, always)?.id).toBe(rexId);
    expect([1, 2, 3, 7, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 60_000, 60_000]);
  });

  it('never resends an ambiguous failure on its own; the user retries or discards it', () => {
    let items = queue('Rex', 'Tom');
    const rexItem = itemAt(items, 0);
    const tomItem = itemAt(items, 1);
    items = markSending(items, rexItem.id);
    items = markFailed(items, rexItem.id, timeout, 'ambiguous', 5000);
    expect(items[0]).toMatchObject({ state: 'needs_attention', lastError: timeout });
    // One failing item never blocks the others.
    expect(nextDue(items, 5000, always)?.id).toBe(tomItem.id);
    expect(retry(items, rexItem.id, 9000)[0]).toMatchObject({ state: 'queued', nextAttemptAt: 9000 });
    expect(discard(items, rexItem.id).map((item) => item.pet.name)).toEqual(['Tom']);
  });

  it('treats an item found mid-send after a crash as needing the user', () => {
    let items = queue('Rex');
    items = markSending(items, itemAt(items, 0).id);
    const [recovered] = recoverInterrupted(items);
    expect(recovered).toMatchObject({ state: 'needs_attention', attempts: 1 });
    expect(recovered?.lastError?.message).toMatch(/may already have been added/);
  });

  it('cannot discard an item while it is being sent', () => {
    let items = queue('Rex');
    items = markSending(items, itemAt(items, 0).id);
    expect(discard(items, itemAt(items, 0).id)).toHaveLength(1);
  });

  it('records the created animal, counts what is pending, and keeps only recent sent items', () => {
    let items = queue(...Array.from({ length: SENT_ITEMS_KEPT + 3 }, (_, index) => `Pet ${index}`));
    expect(pendingCount(items)).toBe(SENT_ITEMS_KEPT + 3);
    for (const [index, item] of [...items].entries()) {
      items = markSending(items, item.id);
      items = markSent(items, item.id, { id: String(index + 1), name: item.pet.name, categoryId: '1' });
    }
    expect(items).toHaveLength(SENT_ITEMS_KEPT);
    expect(items.at(-1)).toMatchObject({ state: 'sent', created: { name: `Pet ${SENT_ITEMS_KEPT + 2}` } });
    expect(pendingCount(items)).toBe(0);
  });

  it('lets a waiting item go at once when the service is back', () => {
    let items = queue('Rex');
    items = markFailed(markSending(items, itemAt(items, 0).id), itemAt(items, 0).id, refused, 'not_reached', 5000);
    expect(nextDue(makeDueNow(items, 5100), 5100, always)?.pet.name).toBe('Rex');
  });

  it('holds an environment back when it cannot be sent to (no key, offline), not the others', () => {
    const items = [newItem(randomUUID(), 'staging', rex, 1), newItem(randomUUID(), 'demo', { ...rex, name: 'Tom' }, 2)];
    expect(nextDue(items, 10, (env) => env === 'demo')?.pet.name).toBe('Tom');
  });
});
