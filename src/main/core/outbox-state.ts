import { AppFailure, appError, type AppError, type EnvironmentId, type NewPet, type Pet } from '../../shared';
import type { OutboxRecord, RecordState } from './outbox-record';
import { ServiceFailure, type Reach } from './service-errors';

/** Sent items stay listed for a week, with the service's id. */
export const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const BACKOFF_BASE_MS = 1_000;
/** While animals wait, the service is tried at least every 10 s. */
export const BACKOFF_MAX_MS = 10_000;
/** At most this many sends are marked with one write. */
const BATCH_MAX = 100;

type Items = readonly OutboxRecord[];

/** Wait before the next automatic attempt after `attempts` failed ones: 1 s, 2 s, 4 s … up to 10 s. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export function newRecord(
  ids: { id: string; key: string },
  environmentId: EnvironmentId,
  pet: NewPet,
  now: number,
  state: 'queued' | 'sending' = 'queued',
): OutboxRecord {
  const sending = state === 'sending';
  return { ...ids, environmentId, pet, state, createdAt: now, attempts: sending ? 1 : 0, reached: false };
}

/** Per environment, the oldest queued item, when due; items waiting for the clerk never hold others back. */
export function nextDue(items: Items, now: number, canSend: (env: EnvironmentId) => boolean): OutboxRecord | undefined {
  const seen = new Set<EnvironmentId>();
  for (const item of items) {
    if (item.state !== 'queued' || seen.has(item.environmentId)) continue;
    seen.add(item.environmentId);
    if (canSend(item.environmentId) && (item.nextAttemptAt ?? 0) <= now) return item;
  }
  return undefined;
}

/** When the next queued item falls due, for the timer. */
export function nextWake(items: Items): number | undefined {
  const due = items.filter((item) => item.state === 'queued').map((item) => item.nextAttemptAt ?? 0);
  return due.length === 0 ? undefined : Math.min(...due);
}

function replace(items: Items, id: string, change: (item: OutboxRecord) => OutboxRecord): OutboxRecord[] {
  return items.map((item) => (item.id === id ? change(item) : item));
}

/** Recorded durably before the requests go out, so a crash mid-send is never mistaken for "not sent". */
export function markSending(items: Items, ...ids: string[]): OutboxRecord[] {
  const chosen = new Set(ids);
  return items.map((item) =>
    chosen.has(item.id) ? { ...item, state: 'sending', attempts: item.attempts + 1, nextAttemptAt: undefined } : item,
  );
}

/** Items marked for a batch whose requests never left (the batch stopped early) wait again, due now. */
export function unmarkSending(items: Items, ids: readonly string[], now: number): OutboxRecord[] {
  const chosen = new Set(ids);
  return items.map((item) =>
    chosen.has(item.id) && item.state === 'sending'
      ? { ...item, state: 'queued', attempts: item.attempts - 1, nextAttemptAt: now }
      : item,
  );
}

/**
 * What to send next: the head of a line, alone — or, where the service honours
 * keys (a crash mid-batch resends with the same keys, creating nothing twice),
 * the due items of its environment behind it, so one write marks them all.
 */
export function dueBatch(
  items: Items,
  now: number,
  canSend: (env: EnvironmentId) => boolean,
  honoured: (env: EnvironmentId) => boolean,
): OutboxRecord[] {
  const head = nextDue(items, now, canSend);
  if (!head) return [];
  if (!honoured(head.environmentId)) return [head];
  const line = items.filter(
    (item) => item.state === 'queued' && item.environmentId === head.environmentId && (item.nextAttemptAt ?? 0) <= now,
  );
  return line.slice(0, BATCH_MAX);
}

export function markSent(items: Items, id: string, created: Pet | undefined, now: number): OutboxRecord[] {
  return replace(items, id, (item) => ({
    ...item,
    state: 'sent',
    reached: true,
    sentAt: now,
    nextAttemptAt: undefined,
    lastError: undefined,
    matches: undefined,
    ...(created ? { created } : {}),
  }));
}

/** Any error from a send, as a ServiceFailure. */
export function asFailure(error: unknown): ServiceFailure {
  if (error instanceof ServiceFailure) return error;
  // Thrown before any request (no key, keychain): provably never sent. Anything unknown: the clerk checks.
  if (error instanceof AppFailure) return new ServiceFailure(error.appError, 'not_reached');
  return new ServiceFailure(appError('internal', 'send_failed'), 'ambiguous');
}

/** What a failed request proves: never sent, refused for good, or unknown (it may have been created). */
export type Outcome = 'retry' | 'rejected' | 'ambiguous';

export function classify(error: AppError, reach: Reach): Outcome {
  if (reach === 'not_reached') return 'retry';
  const { status } = error;
  // 409: the same key is still being worked on; 429: not done, come back later.
  if (status === 409 || status === 429) return 'retry';
  if (reach === 'answered' && status !== undefined && status >= 400 && status < 500) return 'rejected';
  return 'ambiguous';
}

/**
 * A failed send. Retried on its own only when it provably was not created, or
 * when the service honours the key (a resend with it cannot create a second).
 */
export function markFailed(
  items: Items,
  id: string,
  failure: { error: AppError; reach: Reach },
  honoured: boolean,
  now: number,
): OutboxRecord[] {
  const outcome = classify(failure.error, failure.reach);
  return replace(items, id, (item) => {
    const lastError = failure.error;
    if (outcome === 'rejected') return { ...item, state: 'rejected', lastError, nextAttemptAt: undefined };
    const reached = item.reached || outcome === 'ambiguous';
    if (outcome === 'ambiguous' && !honoured) {
      return { ...item, state: 'needs_check', reached, lastError, nextAttemptAt: undefined };
    }
    const wait = (failure.error.retryAfterSeconds ?? 0) * 1000;
    return {
      ...item,
      state: 'queued',
      reached,
      lastError,
      nextAttemptAt: now + Math.max(wait, backoffMs(item.attempts)),
    };
  });
}

/** The service is back: queued items go now. */
export function makeDueNow(items: Items, now: number): OutboxRecord[] {
  return items.map((item) => (item.state === 'queued' ? { ...item, nextAttemptAt: now } : item));
}

/** "Send now" / "send again": the same key, so a service that honours it cannot create a second. */
export function sendAgain(items: Items, id: string, now: number): OutboxRecord[] {
  const again = new Set<RecordState>(['queued', 'needs_check', 'rejected']);
  return replace(items, id, (item) =>
    again.has(item.state) ? { ...item, state: 'queued', nextAttemptAt: now, matches: undefined } : item,
  );
}

/** The clerk saw it on the service: it was created. */
export function confirmCreated(items: Items, id: string, created: Pet | undefined, now: number): OutboxRecord[] {
  return replace(items, id, (item) =>
    item.state === 'needs_check' ? (markSent([item], id, created, now)[0] ?? item) : item,
  );
}

/** Whether the clerk may change the animal: never while sending or sent. */
export function editable(item: OutboxRecord): boolean {
  return item.state === 'queued' || item.state === 'needs_check' || item.state === 'rejected';
}

/**
 * A changed animal. One a request may have reached gets a new key, because
 * the same key with another body is refused (422); the clerk has checked it.
 */
export function edit(items: Items, id: string, pet: NewPet, newKey: string, now: number): OutboxRecord[] {
  return replace(items, id, (item) => ({
    ...item,
    pet,
    key: item.reached ? newKey : item.key,
    reached: false,
    state: 'queued',
    nextAttemptAt: now,
    lastError: undefined,
    matches: undefined,
  }));
}

export function discard(items: Items, id: string): OutboxRecord[] {
  return items.filter((item) => item.id !== id || item.state === 'sending');
}

/**
 * After a restart, an item still marked `sending` was interrupted mid-request.
 * Where the service honours its key it is resent with it; elsewhere the clerk checks.
 */
export function recoverInterrupted(
  items: Items,
  honoured: (item: OutboxRecord) => boolean,
  now: number,
): OutboxRecord[] {
  return items.map((item) => {
    if (item.state !== 'sending') return item;
    if (honoured(item)) return { ...item, state: 'queued', reached: true, nextAttemptAt: now };
    return { ...item, state: 'needs_check', reached: true, nextAttemptAt: undefined };
  });
}

/** Sent items older than a week are dropped. */
export function pruneSent(items: Items, now: number): OutboxRecord[] {
  return items.filter((item) => item.state !== 'sent' || (item.sentAt ?? item.createdAt) > now - SENT_KEPT_MS);
}

export const waitingCount = (items: Items) => items.filter((item) => item.state === 'queued').length;
export const sendingCount = (items: Items) => items.filter((item) => item.state === 'sending').length;
