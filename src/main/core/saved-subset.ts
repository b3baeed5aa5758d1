import type { ListQuery, Pet } from '../../shared';
import type { CacheEntry } from './list-cache';

/** A query answered from a saved list of another query that contains it. */
export interface SavedSubset {
  entry: CacheEntry;
  pets: Pet[];
  /** The saved list was a full page and the subset came out short: the service may hold more. */
  mayBeIncomplete: boolean;
}

const byId = (a: Pet, b: Pet) => {
  const left = BigInt(a.id);
  const right = BigInt(b.id);
  return left < right ? -1 : left > right ? 1 : 0;
};

/**
 * What a saved list says about `query`, if it covers it. The service answers
 * in id order from the start, so a saved list holds the first rows of every
 * query it contains:
 * - the same status with a larger limit: its first `limit` rows, exactly;
 * - no status ("All") for a status query: its rows of that status, first
 *   `limit` by id. When the All list was a full page and fewer than `limit`
 *   rows match, animals past its last id may be missing.
 */
function subsetOf(entry: CacheEntry, query: ListQuery): SavedSubset | undefined {
  const saved = entry.query;
  if (saved.status === query.status) {
    if (saved.limit <= query.limit) return undefined;
    return { entry, pets: [...entry.pets].sort(byId).slice(0, query.limit), mayBeIncomplete: false };
  }
  if (saved.status !== undefined || query.status === undefined) return undefined;
  const pets = entry.pets
    .filter((pet) => pet.status === query.status)
    .sort(byId)
    .slice(0, query.limit);
  const savedWasFull = entry.pets.length >= saved.limit;
  return { entry, pets, mayBeIncomplete: savedWasFull && pets.length < query.limit };
}

/**
 * The best saved list that contains `query`, from `entries` newest first: a
 * complete answer before one that may be incomplete, then the newest.
 * Undefined when none covers it.
 */
export function savedSubset(entries: readonly CacheEntry[], query: ListQuery): SavedSubset | undefined {
  let best: SavedSubset | undefined;
  for (const entry of entries) {
    const subset = subsetOf(entry, query);
    if (subset && (!best || (best.mayBeIncomplete && !subset.mayBeIncomplete))) best = subset;
  }
  return best;
}
