import { z } from 'zod';
import { FieldProblem, fieldErrors, firstProblem } from './field-problem';

export { FieldProblem, fieldErrors, firstProblem };

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
  'answer_too_large',
  'next_page_elsewhere',
  'redirected',
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
  'not_in_catalogue',
  'not_in_capped_catalogue',
  'unreachable_not_in_catalogue',
  'failed_not_in_catalogue',
  'not_in_partial_copy',
  // The outbox.
  'outbox_item_busy',
  'outbox_item_check_first',
  'outbox_item_not_looked_up',
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

/** Refused input: per field, or under `field` when the schema checked one value. */
export function invalidInput(error: z.core.$ZodError, field?: string): AppError {
  const fields = field === undefined ? fieldErrors(error) : { [field]: firstProblem(error.issues[0]?.message) };
  return appError('invalid_input', 'invalid_value', { fields });
}
