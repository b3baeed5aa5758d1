import { z } from 'zod';

/**
 * Every failure the renderer can be shown. Each kind maps to one thing a
 * person can do about it; the screens treat errors by kind (offline, key
 * refused, …).
 */
export const AppErrorKind = z.enum([
  'unreachable',
  'timeout',
  'cancelled',
  'unauthorized',
  'not_found',
  'invalid_input',
  'rate_limited',
  'gone',
  'server_error',
  'invalid_response',
  'no_api_key',
  'keychain',
  'storage',
  'internal',
]);
export type AppErrorKind = z.infer<typeof AppErrorKind>;

/**
 * What exactly went wrong, for the renderer to word in the clerk's language:
 * the core never composes display text. Each reason has one message per
 * language in the renderer's catalogue (`error.<reason>`).
 */
export const ErrorReason = z.enum([
  // The way to the service.
  'offline',
  'unreachable',
  'address_not_found',
  'connection_lost',
  'timeout',
  'cancelled',
  'answer_cut_off',
  // The service's answers.
  'values_refused',
  'key_refused',
  'not_on_service',
  'operation_gone',
  'busy',
  'asked_to_wait',
  'service_failed',
  'unexpected_status',
  'unreadable_answer',
  'next_page_elsewhere',
  // Keys and settings on this computer.
  'no_key',
  'key_for_old_address',
  'keychain_save',
  'keychain_remove',
  'invalid_value',
  'managed_hidden',
  'managed_address',
  'managed_key',
  'managed_administration',
  'no_demo_key',
  // The lookup by id.
  'no_animal_with_id',
  'not_in_saved_lists',
  'unreachable_not_saved',
  'failed_not_saved',
  // The outbox.
  'outbox_item_busy',
  'outbox_item_gone',
  'outbox_save_failed',
  'outbox_read_only',
  'send_failed',
  // The app itself.
  'unknown_request',
  'refused_sender',
  'lost_contact',
  'internal',
]);
export type ErrorReason = z.infer<typeof ErrorReason>;

/**
 * Why one form field is refused. Shared schemas whose problems a person sees
 * (addresses, keys, category names) carry these as their issue messages;
 * anything else is `invalid`.
 */
export const FieldProblem = z.enum([
  'invalid',
  'managed',
  'address_missing',
  'address_not_web',
  'address_scheme',
  'address_plain_http',
  'address_credentials',
  'address_query',
  'address_version',
  'key_missing',
  'key_too_long',
  'key_characters',
  'category_id_range',
  'label_missing',
  'label_too_long',
  'label_taken',
]);
export type FieldProblem = z.infer<typeof FieldProblem>;

/** Values a message is worded with: ids, counts, addresses, the service's own words. */
export const MessageParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type MessageParams = z.infer<typeof MessageParams>;

export const AppError = z.object({
  kind: AppErrorKind,
  reason: ErrorReason,
  params: MessageParams.optional(),
  /** HTTP status, where the service answered. */
  status: z.int().optional(),
  /** Per-field problems for invalid_input, keyed by field name. */
  fields: z.record(z.string(), FieldProblem).optional(),
  /** For rate_limited: seconds the service asked us to wait. */
  retryAfterSeconds: z.number().nonnegative().optional(),
  /** For unreachable: the host name does not exist (a wrong address rather than a network down). */
  addressNotFound: z.literal(true).optional(),
});
export type AppError = z.infer<typeof AppError>;

export function appError(
  kind: AppErrorKind,
  reason: ErrorReason,
  extra: Omit<AppError, 'kind' | 'reason'> = {},
): AppError {
  return { kind, reason, ...extra };
}

/** An error in a line for the log (English, for whoever reads the log): kind, reason and values. */
export function describeError(error: AppError): string {
  const params = error.params ? ` ${JSON.stringify(error.params)}` : '';
  const status = error.status === undefined ? '' : ` (HTTP ${String(error.status)})`;
  return `${error.kind}/${error.reason}${status}${params}`;
}

/** Thrown inside main to carry an AppError up to the IPC boundary; `logDetail` goes to the log only. */
export class AppFailure extends Error {
  constructor(
    readonly appError: AppError,
    logDetail?: string,
  ) {
    super(logDetail === undefined ? describeError(appError) : `${describeError(appError)}: ${logDetail}`);
    this.name = 'AppFailure';
  }
}

/** Field problems from a zod error, the first per top-level field. */
export function fieldErrors(error: z.ZodError): Record<string, FieldProblem> {
  const fields: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= firstProblem(issue.message);
  }
  return fields;
}

/** A schema's issue message as a field problem: its own code where it has one, else `invalid`. */
export function firstProblem(message: string | undefined): FieldProblem {
  const known = FieldProblem.safeParse(message);
  return known.success ? known.data : 'invalid';
}

/** Refused input: per field, or under `field` when the schema checked one value. */
export function invalidInput(error: z.ZodError, field?: string): AppError {
  const fields = field === undefined ? fieldErrors(error) : { [field]: firstProblem(error.issues[0]?.message) };
  return appError('invalid_input', 'invalid_value', { fields });
}
