import { timingSafeEqual } from 'node:crypto';

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
