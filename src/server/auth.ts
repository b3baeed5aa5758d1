import { hash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of a `Bearer` Authorization header, undefined for anything else. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
}

function digest(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/**
 * Checks an Authorization header against the accepted keys in constant time:
 * comparing fixed-length hashes hides the key's length, and every key is
 * compared (no early exit) so timing does not reveal which one nearly matched.
 */
export function createBearerCheck(apiKeys: readonly string[]): (authorization: string | undefined) => boolean {
  if (apiKeys.length === 0) throw new Error('At least one API key is required');
  const expected = apiKeys.map(digest);
  return (authorization) => {
    const token = bearerToken(authorization);
    const presented = digest(token ?? '');
    let matched = false;
    for (const key of expected) {
      matched = timingSafeEqual(presented, key) || matched;
    }
    return token !== undefined && matched;
  };
}
