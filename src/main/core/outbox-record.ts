import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  AppError,
  AppErrorKind,
  EnvironmentId,
  NewPet,
  Pet,
  type ErrorReason,
  type FieldProblem,
  type MessageParams,
  type OutboxItem,
} from '../../shared';

const EpochMs = z.int().nonnegative();

/**
 * What an error written by an earlier release means now. Those errors carried
 * English text (`message`) instead of a reason; in the outbox they came from
 * sending an animal, so each kind reads as the reason a send gave for it.
 */
const LEGACY_REASONS: Record<AppErrorKind, ErrorReason> = {
  unreachable: 'unreachable',
  timeout: 'timeout',
  cancelled: 'cancelled',
  unauthorized: 'key_refused',
  not_found: 'not_on_service',
  invalid_input: 'values_refused',
  rate_limited: 'busy',
  gone: 'operation_gone',
  server_error: 'service_failed',
  invalid_response: 'unreadable_answer',
  no_api_key: 'no_key',
  keychain: 'keychain_save',
  storage: 'outbox_save_failed',
  internal: 'send_failed',
};

/**
 * The AppError of releases before reasons (kind and English `message`), as
 * outbox files on clerks' machines still hold it: read as today's AppError.
 * Its text is dropped (the renderer words the reason); per-field texts become
 * `invalid`; the status, the wait and "address not found" are kept.
 */
const LegacyAppError = z
  .object({
    kind: AppErrorKind,
    message: z.string(),
    status: z.int().optional(),
    fields: z.record(z.string(), z.string()).optional(),
    retryAfterSeconds: z.number().nonnegative().optional(),
    addressNotFound: z.literal(true).optional(),
  })
  .transform(({ kind, status, fields, retryAfterSeconds, addressNotFound }): AppError => {
    // A name that does not exist says "check the address", not "check the network"; a failure with no
    // status has none to word it with.
    const reason = addressNotFound
      ? 'address_not_found'
      : kind === 'server_error' && status === undefined
        ? 'send_failed'
        : LEGACY_REASONS[kind];
    // The values today's wording of that reason needs, where the old error had them.
    const params: MessageParams = {
      ...(reason === 'service_failed' && status !== undefined ? { status } : {}),
      ...(reason === 'busy' && retryAfterSeconds !== undefined ? { seconds: retryAfterSeconds } : {}),
    };
    return {
      kind,
      reason,
      ...(Object.keys(params).length > 0 ? { params } : {}),
      ...(status === undefined ? {} : { status }),
      ...(fields
        ? { fields: Object.fromEntries(Object.keys(fields).map((name) => [name, 'invalid' satisfies FieldProblem])) }
        : {}),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      ...(addressNotFound ? { addressNotFound } : {}),
    };
  });

/** A stored error: today's shape, or an earlier release's read as today's. */
const StoredAppError = z.union([AppError, LegacyAppError]);

/** Where an animal stands; only `queued` items are sent on their own. */
export const RecordState = z.enum(['queued', 'sending', 'sent', 'rejected', 'needs_check']);
export type RecordState = z.infer<typeof RecordState>;

/**
 * One animal in the outbox as stored on disk (version 2). Its own schema, not
 * the renderer's view: the view may change without making old files unreadable.
 */
export const OutboxRecord = z.object({
  id: z.uuid(),
  /** The Idempotency-Key, made once; every send of this animal carries it. */
  key: z.uuid(),
  environmentId: EnvironmentId,
  pet: NewPet,
  state: RecordState,
  createdAt: EpochMs,
  attempts: z.int().nonnegative(),
  nextAttemptAt: EpochMs.optional(),
  /** A request for it may have reached the service (so a changed animal needs a new key and the clerk's word). */
  reached: z.boolean(),
  lastError: StoredAppError.optional(),
  created: Pet.optional(),
  sentAt: EpochMs.optional(),
  /** For needs_check: rows of a fresh list with its name and category. */
  matches: z.array(Pet).optional(),
});
export type OutboxRecord = z.infer<typeof OutboxRecord>;

export const OUTBOX_VERSION = 2;

export const OutboxDocument = z.object({
  version: z.literal(OUTBOX_VERSION),
  items: z.array(OutboxRecord),
  /** Per "environment address": whether that service echoed (honours) the Idempotency-Key. */
  honours: z.record(z.string(), z.boolean()),
});
export type OutboxDocument = z.infer<typeof OutboxDocument>;

/** The item shape of versions 0 (a bare array) and 1, frozen here so the view can move on. */
const LegacyItem = z.object({
  id: z.uuid(),
  environmentId: EnvironmentId,
  pet: NewPet,
  state: z.enum(['queued', 'sending', 'sent', 'needs_attention']),
  createdAt: EpochMs,
  attempts: z.int().nonnegative(),
  nextAttemptAt: EpochMs.optional(),
  lastError: StoredAppError.optional(),
  created: Pet.optional(),
});
type LegacyItem = z.infer<typeof LegacyItem>;
const LegacyDocument = z.union([
  z.array(LegacyItem),
  z.object({ version: z.literal(1), items: z.array(LegacyItem) }).transform((doc) => doc.items),
]);

/**
 * Legacy items were sent without a key: one that was being sent or waiting
 * for the user may exist already, so it waits for the clerk's check.
 */
function migrateLegacy(item: LegacyItem): OutboxRecord {
  const base = { ...item, key: randomUUID() };
  switch (item.state) {
    case 'queued':
      return { ...base, state: 'queued', reached: false };
    case 'sent':
      return { ...base, state: 'sent', reached: true, sentAt: item.createdAt };
    case 'sending':
    case 'needs_attention':
      return { ...base, state: 'needs_check', reached: true, nextAttemptAt: undefined };
  }
}

/** Reads any known version; undefined when the data is none of them. */
export function readOutboxDocument(raw: unknown): OutboxDocument | undefined {
  const current = OutboxDocument.safeParse(raw);
  if (current.success) return current.data;
  const legacy = LegacyDocument.safeParse(raw);
  if (legacy.success) return { version: OUTBOX_VERSION, items: legacy.data.map(migrateLegacy), honours: {} };
  return undefined;
}

/**
 * Views already made. A record is replaced on every change, never changed in
 * place, so each change rebuilds only its own view, not one per item of the
 * week's outbox.
 */
const views = new WeakMap<OutboxRecord, OutboxItem>();

/** The renderer's view of a record. */
export function toView(record: OutboxRecord): OutboxItem {
  let view = views.get(record);
  if (!view) {
    view = viewOf(record);
    views.set(record, view);
  }
  return view;
}

function viewOf(record: OutboxRecord): OutboxItem {
  const { id, environmentId, pet, createdAt, attempts, nextAttemptAt, lastError, created, sentAt, matches } = record;
  const state = record.state === 'needs_check' || record.state === 'rejected' ? 'needs_attention' : record.state;
  return {
    id,
    environmentId,
    pet,
    state,
    createdAt,
    attempts,
    ...(nextAttemptAt === undefined ? {} : { nextAttemptAt }),
    ...(lastError ? { lastError } : {}),
    ...(created ? { created } : {}),
    ...(sentAt === undefined ? {} : { sentAt }),
    ...(record.state === 'needs_check' || record.state === 'rejected' ? { check: record.state } : {}),
    ...(matches ? { matches } : {}),
  };
}
