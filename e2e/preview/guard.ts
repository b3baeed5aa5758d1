import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The preview serves the app's core on a local port; these checks keep it
 * for the page it printed the address of. A token per run stops other local
 * programs and other browser tabs; the Host check stops DNS rebinding (a
 * remote page whose name resolves to 127.0.0.1 still sends its own Host).
 */
export function isLoopbackHostHeader(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A cross-origin request carries an Origin that is not ours; same-origin fetches carry ours or none. */
export function isSameOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`].includes(origin);
}

/** The headers the guards read: each may appear at most once. */
const SINGLE_HEADERS = ['host', 'origin', 'x-petstore-token', 'content-type'] as const;

/**
 * Node keeps only the first Host (and joins other repeats), so a request
 * could show one value to the guard and another to a proxy in front of it.
 * A request that sends any guarded header twice is refused outright.
 */
export function hasDuplicatedHeader(request: Pick<IncomingMessage, 'headersDistinct'>): boolean {
  return SINGLE_HEADERS.some((name) => (request.headersDistinct[name]?.length ?? 0) > 1);
}
