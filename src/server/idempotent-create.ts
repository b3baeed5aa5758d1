import type Database from 'better-sqlite3';
import type { PetToStore, StoredPet } from './store';

/** How long a key replays its first answer unless configured (the IETF httpapi Idempotency-Key draft suggests 24 h). */
export const DEFAULT_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * One row per key and credential, written in the transaction that adds its animal, so a
 * crash can never leave an animal without its key or a key without its animal.
 * `scope` is the SHA-256 of the credential (never the key itself).
 */
export const IDEMPOTENCY_SCHEMA = `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope       TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL,
    pet_id      INTEGER NOT NULL REFERENCES pets (id),
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS idempotency_keys_by_age ON idempotency_keys (created_at);
`;

export interface KeyedRequest {
  /** Whose key it is: the credential's digest. */
  scope: string;
  key: string;
  /** The request body's digest: the same key with another body is refused. */
  fingerprint: string;
  /** Milliseconds since the epoch. */
  now: number;
  /** How long the key replays its first answer; default DEFAULT_KEY_LIFETIME_MS. */
  lifetimeMs?: number;
}

export type KeyedOutcome =
  { kind: 'created'; pet: StoredPet } | { kind: 'replayed'; pet: StoredPet } | { kind: 'mismatch' };

export interface KeyedCreates {
  /** Adds the pet and records the key, or answers what the key's first request got. */
  create(pet: PetToStore, request: KeyedRequest): KeyedOutcome;
  /** How many animals were created under this key, whatever the credential (for tests). */
  countByKey(key: string): number;
}

export function prepareKeyedCreates(
  db: Database.Database,
  pets: { insert: (pet: PetToStore) => StoredPet; get: (id: bigint) => StoredPet | undefined },
): KeyedCreates {
  const prune = db.prepare<[bigint]>('DELETE FROM idempotency_keys WHERE created_at <= ?');
  const find = db.prepare<[string, string], { fingerprint: string; petId: bigint }>(
    'SELECT fingerprint, pet_id AS petId FROM idempotency_keys WHERE scope = ? AND key = ?',
  );
  const record = db.prepare<[string, string, string, bigint, bigint]>(
    'INSERT INTO idempotency_keys (scope, key, fingerprint, pet_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const count = db.prepare<[string], { n: bigint }>('SELECT count(*) AS n FROM idempotency_keys WHERE key = ?');

  const create = db.transaction((pet: PetToStore, request: KeyedRequest): KeyedOutcome => {
    // Expired keys go first, so a key reused after its lifetime starts afresh.
    prune.run(BigInt(request.now - (request.lifetimeMs ?? DEFAULT_KEY_LIFETIME_MS)));
    const first = find.get(request.scope, request.key);
    if (first) {
      if (first.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
      const stored = pets.get(first.petId);
      if (!stored) throw new Error(`Idempotency key refers to missing pet ${first.petId}`);
      return { kind: 'replayed', pet: stored };
    }
    const created = pets.insert(pet);
    record.run(request.scope, request.key, request.fingerprint, created.id, BigInt(request.now));
    return { kind: 'created', pet: created };
  });

  return {
    create: (pet, request) => create(pet, request),
    countByKey: (key) => Number(count.get(key)?.n ?? 0n),
  };
}
