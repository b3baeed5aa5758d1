import { appError, type AppError, type EnvironmentId, type NewPet, type OutboxItem, type Pet } from '../../shared';
import type { Reach } from './service-errors';

/** Sent items stay visible for a while so the user sees them go; older ones are dropped. */
export const SENT_ITEMS_KEPT = 20;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

/** Wait before the next automatic attempt after `attempts` failed ones: 1 s, 2 s, 4 s … up to a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export function newItem(id: string, environmentId: EnvironmentId, pet: NewPet, now: number): OutboxItem {
  return { id, environmentId, pet, state: 'queued', createdAt: now, attempts: 0, nextAttemptAt: now };
}

/**
 * The next item to send: per environment, the oldest queued item, and only
 * when it is due — so items go in the order they were added, while items
 * waiting for the user (needs_attention) never hold the others back.
 */
export function nextDue(
  items: readonly OutboxItem[],
  now: number,
  canSend: (env: EnvironmentId) => boolean,
): OutboxItem | undefined {
  const seen = new Set<EnvironmentId>();
  for (const item of items) {
    if (item.state !== 'queued' || seen.has(item.environmentId)) continue;
    seen.add(item.environmentId);
    if (canSend(item.environmentId) && (item.nextAttemptAt ?? 0) <= now) return item;
  }
  return undefined;
}

/** When the next item falls due (the head of each environment's line), for the timer. */
export function nextWake(items: readonly OutboxItem[]): number | undefined {
  const seen = new Set<EnvironmentId>();
  let earliest: number | undefined;
  for (const item of items) {
    if (item.state !== 'queued' || seen.has(item.environmentId)) continue;
    seen.add(item.environmentId);
    const at = item.nextAttemptAt ?? 0;
    if (earliest === undefined || at < earliest) earliest = at;
  }
  return earliest;
}

function replace(items: readonly OutboxItem[], id: string, change: (item: OutboxItem) => OutboxItem): OutboxItem[] {
  return items.map((item) => (item.id === id ? change(item) : item));
}

/** Recorded durably before the request goes out, so a crash mid-send is never mistaken for "not sent". */
export function markSending(items: readonly OutboxItem[], id: string): OutboxItem[] {
  return replace(items, id, (item) => ({
    ...item,
    state: 'sending',
    attempts: item.attempts + 1,
    nextAttemptAt: undefined,
  }));
}

export function markSent(items: readonly OutboxItem[], id: string, created: Pet): OutboxItem[] {
  const next = replace(items, id, (item) => ({ ...item, state: 'sent', created, lastError: undefined }));
  return pruneSent(next);
}

/**
 * A failed send. Only a failure that proves the request never reached the
 * service is retried on its own; anything else waits for the user, because
 * the animal may already exist.
 */
export function markFailed(
  items: readonly OutboxItem[],
  id: string,
  error: AppError,
  reach: Reach,
  now: number,
): OutboxItem[] {
  return replace(items, id, (item) =>
    reach === 'not_reached'
      ? { ...item, state: 'queued', lastError: error, nextAttemptAt: now + backoffMs(item.attempts) }
      : { ...item, state: 'needs_attention', lastError: error, nextAttemptAt: undefined },
  );
}

/** Puts an item that was waiting on a failed attempt back in the line, due now (the service is back). */
export function makeDueNow(items: readonly OutboxItem[], now: number): OutboxItem[] {
  return items.map((item) => (item.state === 'queued' ? { ...item, nextAttemptAt: now } : item));
}

/** The user asks to send an item again. */
export function retry(items: readonly OutboxItem[], id: string, now: number): OutboxItem[] {
  return replace(items, id, (item) =>
    item.state === 'needs_attention' || item.state === 'queued'
      ? { ...item, state: 'queued', nextAttemptAt: now }
      : item,
  );
}

/** The user gives up on an item (an item being sent right now cannot be taken back). */
export function discard(items: readonly OutboxItem[], id: string): OutboxItem[] {
  return items.filter((item) => item.id !== id || item.state === 'sending');
}

/**
 * After a restart, an item still marked `sending` was interrupted mid-request:
 * the service may or may not have created it, so the user decides.
 */
export function recoverInterrupted(items: readonly OutboxItem[]): OutboxItem[] {
  return items.map((item) =>
    item.state === 'sending'
      ? {
          ...item,
          state: 'needs_attention',
          lastError: appError(
            'unreachable',
            'The app closed while this animal was being sent, so it may already have been added. Check the list, then send it again or discard it.',
          ),
        }
      : item,
  );
}

export function pendingCount(items: readonly OutboxItem[]): number {
  return items.filter((item) => item.state === 'queued' || item.state === 'sending').length;
}

function pruneSent(items: OutboxItem[]): OutboxItem[] {
  const sent = items.filter((item) => item.state === 'sent');
  if (sent.length <= SENT_ITEMS_KEPT) return items;
  const drop = new Set(sent.slice(0, sent.length - SENT_ITEMS_KEPT).map((item) => item.id));
  return items.filter((item) => !drop.has(item.id));
}
