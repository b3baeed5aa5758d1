import { hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { stringifyJson } from '../shared';
import { bearerToken } from './auth';
import { ApiFailure } from './errors';
import { refuseRepeated } from './request-headers';
import type { PetToStore } from './store';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The key lifetime in seconds, stated beside the echoed key (docs/service-contract.md). */
export const KEY_LIFETIME_HEADER = 'idempotency-key-lifetime';

/** 1 to 255 printable ASCII characters; the key is opaque (a UUID is what the app sends). */
const KEY_FORMAT = /^[\x20-\x7e]{1,255}$/;

/**
 * The request's Idempotency-Key, undefined when there is none.
 * @throws ApiFailure 400 when it is sent twice or is malformed.
 */
export function readIdempotencyKey(request: IncomingMessage): string | undefined {
  const repeated = refuseRepeated(request, IDEMPOTENCY_KEY_HEADER, 'Idempotency-Key');
  if (repeated) throw repeated;
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
    throw new ApiFailure(400, 'Idempotency-Key must be 1 to 255 printable ASCII characters');
  }
  return key;
}

/** The key's value when it is one the service would accept, for echoing on any answer. */
export function echoableKey(request: IncomingMessage): string | undefined {
  try {
    return readIdempotencyKey(request);
  } catch {
    return undefined;
  }
}

function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

/** Keys belong to a credential: the same key under another API key is another key. */
export function credentialScope(authorization: string | undefined): string {
  return sha256(bearerToken(authorization) ?? '');
}

/** What "the same body" means: the same animal once defaults are applied. */
export function bodyFingerprint(pet: PetToStore): string {
  return sha256(stringifyJson([pet.name, pet.categoryId, pet.status]));
}

/**
 * Keys whose first request is still running (its body arriving, or being stored). A second
 * request with the same key meanwhile is answered 409 rather than waiting or racing.
 */
export class InFlightKeys {
  private readonly running = new Map<string, symbol>();

  /** A claim to release when the request ends, or undefined when the key is already running. */
  claim(scope: string, key: string): (() => void) | undefined {
    const id = `${scope} ${key}`;
    if (this.running.has(id)) return undefined;
    const token = Symbol(id);
    this.running.set(id, token);
    return () => {
      // Only this request's own claim: a late release never frees another request's.
      if (this.running.get(id) === token) this.running.delete(id);
    };
  }

  get size(): number {
    return this.running.size;
  }
}

export function inProgress(): ApiFailure {
  return new ApiFailure(409, 'A request with this Idempotency-Key is still being processed; try again shortly');
}

export function reusedWithAnotherBody(): ApiFailure {
  return new ApiFailure(
    422,
    'This Idempotency-Key was already used with another request body; use a new key for a new animal',
  );
}
