/** The outbox's stored record and its pure transitions: what is sent, when, and what waits for the clerk. */
import { z } from 'zod';
import { AppError, AppFailure, EnvironmentId, NewPet, Pet, appError, type OutboxItem } from '../../../shared';
import { ServiceFailure, type Reach } from '../service-errors';

const EpochMs = z.int().nonnegative();

/** Sent items stay listed for a week, with the service's id. */
export const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** While animals wait, the service is tried at least every 10 s. */
export const BACKOFF_MAX_MS = 10_000;
/** An animal the service keeps answering with an error is set before the clerk after this many tries. */
export const MAX_ANSWERED_FAILURES = 3;
/** How long a service keeps a key where it does not say (docs/service-contract.md). */
export const DEFAULT_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A resend must arrive while the service still knows the key: the request's way there and clocks that differ. */
const KEY_LIFETIME_MARGIN_MS = 60_000;
/** At most this many sends are marked with one write. */
const BATCH_MAX = 100;

/** Where an animal stands; only `queued` items are sent on their own. */
export const RecordState = z.enum(['queued', 'sending', 'sent', 'rejected', 'needs_check']);
export type RecordState = z.infer<typeof RecordState>;

/** One animal as stored: its own schema, so the renderer's view may change without making files unreadable. */
export const OutboxRecord = z.object({
  id: z.uuid(),
  /** The Idempotency-Key, made once; every send of this animal carries it. */
  key: z.uuid(),
  environmentId: EnvironmentId,
  pet: NewPet,
  state: RecordState,
  createdAt: EpochMs,
  /** When a request with this key first left: once the service has forgotten the key, a resend would create it again. */
  firstSentAt: EpochMs.optional(),
  attempts: z.int().nonnegative(),
  /** Failures the service answered (it is up, and refuses this one): bounded by MAX_ANSWERED_FAILURES. */
  answeredFailures: z.int().nonnegative(),
  nextAttemptAt: EpochMs.optional(),
  /** A request for it may have reached the service (so a changed animal needs a new key and the clerk's word). */
  reached: z.boolean(),
  lastError: AppError.optional(),
  created: z.optional(Pet),
  sentAt: EpochMs.optional(),
  /** For needs_check: the service's rows with its name and category, newest first. */
  matches: z.array(Pet).optional(),
});
export type OutboxRecord = z.infer<typeof OutboxRecord>;

/** What the app has learnt of a service (per environment and address): it honours keys, and keeps them this long. */
export const ServiceFacts = z.object({ honours: z.boolean(), keyLifetimeMs: z.int().positive().optional() });
export type ServiceFacts = z.infer<typeof ServiceFacts>;
export type Services = Record<string, ServiceFacts>;

type Items = readonly OutboxRecord[];
type CanSend = (environmentId: EnvironmentId) => boolean;

/** What an answer's headers told about keys: the status, the key echoed, the lifetime stated. */
export interface KeyAnswer {
  status: number;
  echoed: string | null;
  lifetime: string | null;
}

/**
 * Only a success proves anything (an error may come from a gateway that echoes
 * request headers): echoing exactly the key sent proves the service honours
 * keys; a success without the echo withdraws it.
 */
export function learn(facts: ServiceFacts | undefined, key: string, answer: KeyAnswer): ServiceFacts | undefined {
  if (answer.status < 200 || answer.status > 299) return facts;
  if (answer.echoed !== key) return { honours: false };
  const seconds = /^\d{1,9}$/.test(answer.lifetime ?? '') ? Number(answer.lifetime) : 0;
  return seconds > 0 ? { honours: true, keyLifetimeMs: seconds * 1000 } : { honours: true };
}

export const keyLifetime = (facts: ServiceFacts | undefined): number => facts?.keyLifetimeMs ?? DEFAULT_KEY_LIFETIME_MS;

/** Wait before the next automatic attempt after `attempts` failed ones: 1 s, 2 s, 4 s … up to 10 s. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, 1_000 * 2 ** Math.max(0, attempts - 1));
}

export function newRecord(
  ids: { id: string; key: string },
  environmentId: EnvironmentId,
  pet: NewPet,
  now: number,
  sending = false,
): OutboxRecord {
  const record: OutboxRecord = {
    ...ids,
    environmentId,
    pet,
    state: 'queued',
    createdAt: now,
    attempts: 0,
    answeredFailures: 0,
    reached: false,
  };
  return sending ? (markSending([record], [record.id], now)[0] ?? record) : record;
}

function replace(items: Items, id: string, change: (item: OutboxRecord) => OutboxRecord): OutboxRecord[] {
  return items.map((item) => (item.id === id ? change(item) : item));
}

const due = (item: OutboxRecord, now: number) => item.state === 'queued' && (item.nextAttemptAt ?? 0) <= now;

/**
 * What to send next: the oldest due animal of an environment that can be sent
 * to, alone — or, where the service honours keys (a crash mid-batch resends
 * with the same keys), with the due items of its environment behind it, so
 * one write marks them all.
 */
export function dueBatch(items: Items, now: number, canSend: CanSend, honoured: CanSend): OutboxRecord[] {
  const head = items.find((item) => due(item, now) && canSend(item.environmentId));
  if (!head) return [];
  if (!honoured(head.environmentId)) return [head];
  return items.filter((item) => item.environmentId === head.environmentId && due(item, now)).slice(0, BATCH_MAX);
}

/** When the next queued item falls due, for the timer. */
export function nextWake(items: Items): number | undefined {
  const times = items.filter((item) => item.state === 'queued').map((item) => item.nextAttemptAt ?? 0);
  return times.length === 0 ? undefined : Math.min(...times);
}

/** On disk before the requests go out, so a crash mid-send is never mistaken for "not sent". */
export function markSending(items: Items, ids: readonly string[], now: number): OutboxRecord[] {
  const chosen = new Set(ids);
  return items.map((item) =>
    chosen.has(item.id)
      ? {
          ...item,
          state: 'sending',
          attempts: item.attempts + 1,
          nextAttemptAt: undefined,
          firstSentAt: item.firstSentAt ?? now,
        }
      : item,
  );
}

/** Marked for a batch whose requests never left (the batch stopped early): they wait again. */
export function unmarkSending(items: Items, ids: readonly string[], at: number): OutboxRecord[] {
  const chosen = new Set(ids);
  return items.map((item) =>
    chosen.has(item.id) && item.state === 'sending'
      ? { ...item, state: 'queued', attempts: item.attempts - 1, nextAttemptAt: at }
      : item,
  );
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

/** What a failed request proves: never created, refused for good, or unknown (it may have been created). */
export function classify(error: AppError, reach: Reach): 'retry' | 'rejected' | 'ambiguous' {
  if (reach === 'not_reached') return 'retry';
  const { status } = error;
  // 409: the same key is still being worked on; 429: not done, come back later.
  if (status === 409 || status === 429) return 'retry';
  if (reach === 'answered' && status !== undefined && status >= 400 && status < 500) return 'rejected';
  return 'ambiguous';
}

/**
 * A failed send. Tried again on its own only when it provably was not created,
 * or when the service honours the key; one the service keeps answering with an
 * error goes before the clerk after MAX_ANSWERED_FAILURES tries.
 */
export function markFailed(
  items: Items,
  id: string,
  failure: { error: AppError; reach: Reach },
  honoured: boolean,
  now: number,
): OutboxRecord[] {
  const outcome = classify(failure.error, failure.reach);
  const lastError = failure.error;
  return replace(items, id, (item) => {
    if (outcome === 'rejected') return { ...item, state: 'rejected', lastError, nextAttemptAt: undefined };
    const reached = item.reached || outcome === 'ambiguous';
    if (outcome === 'ambiguous' && !honoured) {
      return { ...item, state: 'needs_check', reached, lastError, nextAttemptAt: undefined };
    }
    const { status } = failure.error;
    const answeredFailures = item.answeredFailures + (status !== undefined && status !== 429 ? 1 : 0);
    if (answeredFailures >= MAX_ANSWERED_FAILURES) {
      return { ...item, state: 'rejected', reached, lastError, answeredFailures, nextAttemptAt: undefined };
    }
    const wait = Math.max((failure.error.retryAfterSeconds ?? 0) * 1000, backoffMs(item.attempts));
    return { ...item, state: 'queued', reached, lastError, answeredFailures, nextAttemptAt: now + wait };
  });
}

/** Two animals in a row failed: the service is down, so its whole line waits. */
export function backOffLine(items: Items, environmentId: EnvironmentId, until: number): OutboxRecord[] {
  return items.map((item) =>
    item.state === 'queued' && item.environmentId === environmentId && (item.nextAttemptAt ?? 0) < until
      ? { ...item, nextAttemptAt: until }
      : item,
  );
}

/**
 * The service is reachable again: animals that waited for it go now. One the
 * service itself answered with an error keeps its own back-off.
 */
export function makeDueNow(items: Items, now: number): OutboxRecord[] {
  return items.map((item) =>
    item.state === 'queued' && (item.nextAttemptAt ?? 0) > now && item.lastError?.status === undefined
      ? { ...item, nextAttemptAt: now }
      : item,
  );
}

/** Whether a resend with the item's key could arrive after the service forgot the key. */
export function keyMayBeForgotten(item: OutboxRecord, lifetimeMs: number, now: number): boolean {
  return (
    item.reached && item.firstSentAt !== undefined && now >= item.firstSentAt + lifetimeMs - KEY_LIFETIME_MARGIN_MS
  );
}

/** Queued animals whose key the service may have forgotten wait for the clerk instead of being resent. */
export function expireKeys(items: Items, lifetimeMs: (item: OutboxRecord) => number, now: number): OutboxRecord[] {
  return items.map((item) =>
    item.state === 'queued' && keyMayBeForgotten(item, lifetimeMs(item), now)
      ? { ...item, state: 'needs_check', nextAttemptAt: undefined }
      : item,
  );
}

/**
 * After a restart, an item still marked `sending` was interrupted mid-request.
 * Where the service honours its key (and still knows it) it is resent with it; elsewhere the clerk checks.
 */
export function recoverInterrupted(
  items: Items,
  resendable: (item: OutboxRecord) => boolean,
  now: number,
): OutboxRecord[] {
  return items.map((item) => {
    if (item.state !== 'sending') return item;
    if (resendable(item)) return { ...item, state: 'queued', reached: true, nextAttemptAt: now };
    return { ...item, state: 'needs_check', reached: true, nextAttemptAt: undefined };
  });
}

/** "Send now" / "send again": the same key; the clerk has checked, so its age counts from this send. */
export function sendAgain(items: Items, id: string, now: number): OutboxRecord[] {
  return replace(items, id, (item) =>
    item.state === 'queued' || item.state === 'needs_check' || item.state === 'rejected'
      ? {
          ...item,
          state: 'queued',
          nextAttemptAt: now,
          matches: undefined,
          firstSentAt: undefined,
          answeredFailures: 0,
        }
      : item,
  );
}

/** The clerk saw it on the service: it was created. */
export function confirmCreated(items: Items, id: string, created: Pet | undefined, now: number): OutboxRecord[] {
  return replace(items, id, (item) =>
    item.state === 'needs_check' ? (markSent([item], id, created, now)[0] ?? item) : item,
  );
}

/** Whether the clerk may change the animal: never while sending or sent. */
export const editable = (item: OutboxRecord): boolean =>
  item.state === 'queued' || item.state === 'needs_check' || item.state === 'rejected';

/** A changed animal. One a request may have reached gets a new key: the same key with another body is refused (422). */
export function edit(items: Items, id: string, pet: NewPet, newKey: string, now: number): OutboxRecord[] {
  return replace(items, id, (item) =>
    editable(item)
      ? {
          ...item,
          pet,
          key: item.reached ? newKey : item.key,
          reached: false,
          firstSentAt: undefined,
          answeredFailures: 0,
          state: 'queued',
          nextAttemptAt: now,
          lastError: undefined,
          matches: undefined,
        }
      : item,
  );
}

export const discard = (items: Items, id: string): OutboxRecord[] =>
  items.filter((item) => item.id !== id || item.state === 'sending');

export const withMatches = (items: Items, id: string, matches: Pet[]): OutboxRecord[] =>
  replace(items, id, (item) => (item.state === 'needs_check' ? { ...item, matches } : item));

/** Sent items older than a week are dropped. */
export const pruneSent = (items: Items, now: number): OutboxRecord[] =>
  items.filter((item) => item.state !== 'sent' || (item.sentAt ?? item.createdAt) > now - SENT_KEPT_MS);

/** The renderer's view of a record: what the clerk sees, without the key and the sending facts. */
export function toView(record: OutboxRecord): OutboxItem {
  const { key: _key, reached: _reached, firstSentAt: _first, answeredFailures: _failures, state, ...view } = record;
  if (state === 'needs_check' || state === 'rejected') return { ...view, state: 'needs_attention', check: state };
  return { ...view, state };
}
