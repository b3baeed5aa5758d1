import { z } from 'zod';

/**
 * Every failure the renderer can be shown. Each kind maps to one thing a
 * person can do about it; `message` is written for them, never a raw body,
 * stack or credential.
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

export const AppError = z.object({
  kind: AppErrorKind,
  message: z.string(),
  /** HTTP status, where the service answered. */
  status: z.int().optional(),
  /** Per-field messages for invalid_input, keyed by field name. */
  fields: z.record(z.string(), z.string()).optional(),
  /** For rate_limited: seconds the service asked us to wait. */
  retryAfterSeconds: z.number().nonnegative().optional(),
  /** For unreachable: the host name does not exist (a wrong address rather than a network down). */
  addressNotFound: z.literal(true).optional(),
});
export type AppError = z.infer<typeof AppError>;

export function appError(
  kind: AppErrorKind,
  message: string,
  extra: Omit<AppError, 'kind' | 'message'> = {},
): AppError {
  return { kind, message, ...extra };
}

/** Thrown inside main to carry an AppError up to the IPC boundary. */
export class AppFailure extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
    this.name = 'AppFailure';
  }
}

/** Field messages from a zod error, first message per top-level field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function invalidInput(error: z.ZodError, message = 'Some values are not valid'): AppError {
  return appError('invalid_input', message, { fields: fieldErrors(error) });
}
