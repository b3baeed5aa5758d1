import { z } from 'zod';

/** The service's error body (spec part 2, Error). */
export const ApiError = z.object({
  code: z.string(),
  message: z.string(),
  status: z.int(),
});
export type ApiError = z.infer<typeof ApiError>;

/**
 * The `code` values the reference service sends. The spec leaves codes open, so
 * the client keys its logic on the HTTP status and shows `message`.
 */
export const API_ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  // Idempotency-Key (IETF httpapi draft): a key still in use, or reused with another body.
  409: 'idempotency_key_in_use',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'idempotency_key_reused',
  500: 'internal_error',
} as const;
