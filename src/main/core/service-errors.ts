import { ApiError, AppFailure, appError, type AppError } from '../../shared';

/**
 * Whether a failed request may have reached the service. Only `not_reached`
 * makes a retry safe: an ambiguous failure may already have created the animal.
 */
export type Reach = 'not_reached' | 'ambiguous' | 'answered';

/** A failed service call: the error a person sees, and what it proves about delivery. */
export class ServiceFailure extends AppFailure {
  constructor(
    appError: AppError,
    readonly reach: Reach,
    logDetail?: string,
  ) {
    super(appError, logDetail);
    this.name = 'ServiceFailure';
  }
}

// Node's fetch (undici) puts the system error code on `cause`, or on each of
// `cause.errors` when several addresses were tried.
const NOT_REACHED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN']);

// Electron's net.fetch names Chromium's net error in the message instead.
const NOT_REACHED_CHROMIUM = [
  'ERR_CONNECTION_REFUSED',
  'ERR_NAME_NOT_RESOLVED',
  'ERR_NAME_RESOLUTION_FAILED',
  'ERR_INTERNET_DISCONNECTED',
  'ERR_ADDRESS_UNREACHABLE',
  'ERR_CONNECTION_TIMED_OUT',
  'ERR_PROXY_CONNECTION_FAILED',
];
const DNS_CHROMIUM = ['ERR_NAME_NOT_RESOLVED', 'ERR_NAME_RESOLUTION_FAILED'];

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || typeof value !== 'object' || value === null) return;
    const { code, cause, errors } = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') codes.push(code);
    visit(cause, depth + 1);
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return codes;
}

function errorMessages(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.join(' | ');
}

export interface TransportContext {
  /** Our own timer fired. */
  timedOut: boolean;
  /** The caller cancelled. */
  cancelled: boolean;
  /** Response headers had arrived when the failure happened (so the body was cut off). */
  midResponse: boolean;
  /** The request asks the service to change something (an add), not only to read. */
  changes: boolean;
}

/** Failures after which the screens answer from the catalogue on this computer (the copy of the shop), saying why. */
export const ANSWERED_FROM_THE_CATALOGUE: ReadonlySet<AppError['kind']> = new Set([
  'unreachable',
  'timeout',
  'server_error',
  'rate_limited',
]);

/** Maps a thrown fetch or body-read error to the failure a person can act on. */
export function transportFailure(error: unknown, context: TransportContext): ServiceFailure {
  if (context.cancelled) {
    return new ServiceFailure(appError('cancelled', 'cancelled'), 'ambiguous');
  }
  if (context.timedOut) {
    return new ServiceFailure(appError('timeout', 'timeout'), context.midResponse ? 'answered' : 'ambiguous');
  }
  if (context.midResponse) {
    return new ServiceFailure(appError('invalid_response', 'answer_cut_off'), 'answered');
  }
  const codes = errorCodes(error);
  const messages = errorMessages(error);
  // An answer sending the app elsewhere, not followed (the key would go with it): Node's fetch says "unexpected
  // redirect", Electron's net "Attempted to redirect". Nothing was done there, and the address is what to check; but
  // the service itself may have acted on an add before answering (303 See Other, the new animal's address).
  if (/unexpected redirect|attempted to redirect/i.test(messages)) {
    return new ServiceFailure(
      appError('invalid_response', 'redirected'),
      context.changes ? 'ambiguous' : 'not_reached',
    );
  }
  const chromium = NOT_REACHED_CHROMIUM.find((name) => messages.includes(name));
  if (codes.some((code) => NOT_REACHED_CODES.has(code)) || chromium) {
    const dns = codes.some((code) => DNS_CODES.has(code)) || DNS_CHROMIUM.some((name) => messages.includes(name));
    // No such name (not a lookup that could not be made): the address is wrong, not the network down.
    const notFound = codes.includes('ENOTFOUND') || messages.includes('ERR_NAME_NOT_RESOLVED');
    return new ServiceFailure(
      appError('unreachable', dns ? 'address_not_found' : 'unreachable', notFound ? { addressNotFound: true } : {}),
      'not_reached',
    );
  }
  // A reset or a closed socket after the request went out: the service may have acted on it.
  return new ServiceFailure(appError('unreachable', 'connection_lost'), 'ambiguous');
}

/** The service's own words from its Error body, when it sent one: shown as the service's, not translated. */
function serviceSaid(body: unknown): { params?: { serviceSaid: string } } {
  const parsed = ApiError.safeParse(body);
  return parsed.success ? { params: { serviceSaid: parsed.data.message } } : {};
}

/** An HTTP date as services send it (IMF-fixdate, RFC 9110), in ms; anything else ("0", "25:00:00") proves nothing. */
export function httpDate(text: string): number | undefined {
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : date;
}

/** The longest a service can make the app wait: a bad or hostile header must not silence a counter for hours. */
export const MAX_RETRY_AFTER_SECONDS = 300;

/** Seconds to wait from a Retry-After value (delta-seconds or an HTTP date), at most five minutes. */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  let seconds: number;
  if (/^\d+$/.test(text)) seconds = Number(text);
  else {
    const date = httpDate(text);
    if (date === undefined) return undefined;
    seconds = Math.max(0, Math.ceil((date - now) / 1000));
  }
  return Math.min(seconds, MAX_RETRY_AFTER_SECONDS);
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
}

/** Maps a non-success HTTP answer to the error a person can act on. */
export function httpFailure(answer: HttpAnswer, now: number): ServiceFailure {
  const { status } = answer;
  const failure = (error: AppError) => new ServiceFailure(error, 'answered');
  if (status === 400)
    return failure(appError('invalid_input', 'values_refused', { status, ...serviceSaid(answer.body) }));
  if (status === 401) return failure(appError('unauthorized', 'key_refused', { status }));
  // A 403 may be a gateway's rule about this one request rather than the key: its words go with it.
  if (status === 403) return failure(appError('unauthorized', 'key_refused', { status, ...serviceSaid(answer.body) }));
  if (status === 404) return failure(appError('not_found', 'not_on_service', { status, ...serviceSaid(answer.body) }));
  if (status === 410) return failure(appError('gone', 'operation_gone', { status }));
  if (status === 429) {
    // A date is the service's: judged against the answer's own Date, not the counter's clock, which may be off.
    const servedAt = httpDate(answer.headers.get('date') ?? '') ?? now;
    const wait = retryAfterSeconds(answer.headers.get('retry-after'), servedAt);
    const waited = wait === undefined ? {} : { retryAfterSeconds: wait, params: { seconds: wait } };
    return failure(appError('rate_limited', 'busy', { status, ...waited }));
  }
  if (status >= 500) {
    // The service may have done the work before failing, so this is not proof either way.
    const params = { status, ...serviceSaid(answer.body).params };
    return new ServiceFailure(appError('server_error', 'service_failed', { status, params }), 'ambiguous');
  }
  return failure(appError('invalid_response', 'unexpected_status', { status, params: { status } }));
}

/** An answer the app cannot read; `detail` (which field, what was wrong) is for the log, not the clerk. */
export function invalidResponse(detail: string, status: number): ServiceFailure {
  return new ServiceFailure(appError('invalid_response', 'unreadable_answer', { status }), 'answered', detail);
}
