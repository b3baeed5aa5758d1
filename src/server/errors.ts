import { API_ERROR_CODES, stringifyJson, type ApiError } from '../shared';

export type ApiErrorStatus = keyof typeof API_ERROR_CODES;

/** A failure the service answers with its own status and message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    /** Headers the answer must carry, e.g. `Allow` on a 405. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export function errorBody(status: ApiErrorStatus, message: string): ApiError {
  return { code: API_ERROR_CODES[status], message, status };
}

/** Fastify's own errors, by code, reworded for API clients. */
const FRAMEWORK_ERRORS: Record<string, { status: ApiErrorStatus; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is larger than 64 KiB' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Request body must be application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty' },
  FST_ERR_BAD_URL: { status: 400, message: 'The request URL is malformed' },
};

interface ErrorLike {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
}

function isErrorLike(error: unknown): error is ErrorLike {
  return typeof error === 'object' && error !== null;
}

function isApiErrorStatus(status: number): status is ApiErrorStatus {
  return Object.hasOwn(API_ERROR_CODES, status);
}

/**
 * Any thrown value as the failure the client sees. Unknown faults become a
 * bare 500: their message may hold SQL or internals, so it is never echoed.
 */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (!isErrorLike(error)) return new ApiFailure(500, 'Internal server error');
  const known = typeof error.code === 'string' ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return new ApiFailure(known.status, known.message);
  const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) {
    const message = typeof error.message === 'string' && error.message ? error.message : 'Bad request';
    return new ApiFailure(isApiErrorStatus(statusCode) ? statusCode : 400, message);
  }
  return new ApiFailure(500, 'Internal server error');
}

/** Why Node could not read a request, for a client that sent something it cannot parse. */
export function clientErrorMessage(error: { code?: string }): string {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'Request headers are too large';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'The request took too long to arrive';
  return 'The request is not valid HTTP';
}

/** A whole HTTP/1.1 400 response, for the socket-level handler where no reply object exists. */
export function rawErrorResponse(message: string): string {
  const body = stringifyJson(errorBody(400, message));
  return [
    'HTTP/1.1 400 Bad Request',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
