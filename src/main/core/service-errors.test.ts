import { describe, expect, it } from 'vitest';
import { httpFailure, invalidResponse, retryAfterSeconds, transportFailure } from './service-errors';

const before = { timedOut: false, cancelled: false, midResponse: false, changes: false };

describe('what a failed request proves', () => {
  // Electron's net.fetch cannot run here; these are the messages it throws (Chromium net error names).
  it.each([
    ['net::ERR_CONNECTION_REFUSED', 'not_reached'],
    ['net::ERR_NAME_NOT_RESOLVED', 'not_reached'],
    ['net::ERR_INTERNET_DISCONNECTED', 'not_reached'],
    ['net::ERR_CONNECTION_RESET', 'ambiguous'],
    ['net::ERR_EMPTY_RESPONSE', 'ambiguous'],
  ])('Electron: %s → %s', (message, reach) => {
    expect(transportFailure(new Error(message), before).reach).toBe(reach);
  });

  // Node's fetch and Electron's net, told not to follow a redirect (Electron's words are its net module's).
  const redirects = [
    new TypeError('fetch failed', { cause: new Error('unexpected redirect') }),
    new Error("Attempted to redirect, but redirect policy was 'error'"),
  ];
  it.each(redirects)('a redirect not followed on a read is said as one, nothing done there: %s', (error) => {
    expect(transportFailure(error, before)).toMatchObject({
      reach: 'not_reached',
      appError: { kind: 'invalid_response', reason: 'redirected' },
    });
  });

  it.each(redirects)('a redirect not followed on an add may follow the animal’s creation: %s', (error) => {
    expect(transportFailure(error, { ...before, changes: true })).toMatchObject({
      reach: 'ambiguous',
      appError: { kind: 'invalid_response', reason: 'redirected' },
    });
  });

  it('reads the code Node puts on the cause, including one per address tried', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(transportFailure(refused, before)).toMatchObject({
      reach: 'not_reached',
      appError: { kind: 'unreachable' },
    });
    const both = new TypeError('fetch failed', {
      cause: Object.assign(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]), {
        code: undefined,
      }),
    });
    expect(transportFailure(both, before).reach).toBe('not_reached');
    const dns = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' }),
    });
    expect(transportFailure(dns, before).appError).toEqual({
      kind: 'unreachable',
      reason: 'address_not_found',
      addressNotFound: true,
    });
  });

  it('counts our own timeout and a cancel as ambiguous', () => {
    expect(transportFailure(new Error('aborted'), { ...before, timedOut: true })).toMatchObject({
      reach: 'ambiguous',
      appError: { kind: 'timeout' },
    });
    expect(transportFailure(new Error('aborted'), { ...before, cancelled: true }).appError.kind).toBe('cancelled');
  });
});

describe('HTTP answers a person can act on', () => {
  const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
    httpFailure({ status, headers: new Headers(headers), body }, Date.parse('2030-01-01T00:00:00Z'));

  it('shows the service message for a 400', () => {
    const failure = answer(400, { code: 'bad_request', message: 'name is required', status: 400 });
    expect(failure.appError).toEqual({
      kind: 'invalid_input',
      reason: 'values_refused',
      status: 400,
      params: { serviceSaid: 'name is required' },
    });
  });

  it.each([
    [401, 'unauthorized', 'key_refused'],
    [404, 'not_found', 'not_on_service'],
    [410, 'gone', 'operation_gone'],
    [429, 'rate_limited', 'busy'],
    [500, 'server_error', 'service_failed'],
    [503, 'server_error', 'service_failed'],
    [418, 'invalid_response', 'unexpected_status'],
  ])('%i → %s (%s)', (status, kind, reason) => {
    expect(answer(status).appError).toMatchObject({ kind, reason, status });
  });

  it('names the status where the message words it', () => {
    expect(answer(503).appError).toEqual({
      kind: 'server_error',
      reason: 'service_failed',
      status: 503,
      params: { status: 503 },
    });
    expect(answer(418).appError.params).toEqual({ status: 418 });
  });

  it('treats a 5xx as ambiguous: the service may have done the work', () => {
    expect(answer(502).reach).toBe('ambiguous');
    expect(answer(400).reach).toBe('answered');
  });

  it('honours Retry-After in seconds and as a date', () => {
    expect(answer(429, undefined, { 'retry-after': '7' }).appError).toEqual({
      kind: 'rate_limited',
      reason: 'busy',
      status: 429,
      retryAfterSeconds: 7,
      params: { seconds: 7 },
    });
    expect(answer(429).appError).toEqual({ kind: 'rate_limited', reason: 'busy', status: 429 });
    expect(retryAfterSeconds('Tue, 01 Jan 2030 00:01:00 GMT', Date.parse('2030-01-01T00:00:00Z'))).toBe(60);
    expect(retryAfterSeconds('soon', 0)).toBeUndefined();
  });

  it('reads a Retry-After date against the answer’s own Date when the counter’s clock is two hours fast', () => {
    // The counter's clock says 02:00; the service answered at 00:00 and asks for a minute.
    const busy = httpFailure(
      {
        status: 429,
        headers: new Headers({ date: 'Tue, 01 Jan 2030 00:00:00 GMT', 'retry-after': 'Tue, 01 Jan 2030 00:01:00 GMT' }),
        body: undefined,
      },
      Date.parse('2030-01-01T02:00:00Z'),
    );
    expect(busy.appError).toMatchObject({ reason: 'busy', retryAfterSeconds: 60 });
  });
});

describe('an answer the app cannot read', () => {
  it('tells the clerk only that; which field was wrong goes to the log', () => {
    const failure = invalidResponse('the data has the wrong shape at pets.0.id', 200);
    expect(failure.appError).toEqual({ kind: 'invalid_response', reason: 'unreadable_answer', status: 200 });
    expect(failure.message).toContain('the data has the wrong shape at pets.0.id');
  });
});
