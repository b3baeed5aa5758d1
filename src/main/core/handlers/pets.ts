import type { AppError, EnvironmentId, ListQuery, PetList } from '../../../shared';
import type { CacheEntry, ListCache } from '../list-cache';
import { savedSubset } from '../saved-subset';
import { ANSWERED_FROM_SAVED_LISTS, ServiceFailure } from '../service-errors';
import type { Handlers, HandlerContext } from './context';

function fromCache(entry: CacheEntry, now: number, offlineReason?: AppError): PetList {
  return {
    environmentId: entry.environmentId,
    query: entry.query,
    pets: entry.pets,
    source: 'cache',
    fetchedAt: entry.fetchedAt,
    ageMs: Math.max(0, now - entry.fetchedAt),
    ...(offlineReason ? { offlineReason } : {}),
  };
}

/**
 * Offline with no copy of this very query: the rows from a saved list that
 * contains it (the saved "All" list, or the same status with more rows), labelled.
 */
function fromCoveringList(
  cache: ListCache,
  environmentId: EnvironmentId,
  query: ListQuery,
  now: number,
  offlineReason: AppError,
): PetList | undefined {
  const subset = savedSubset(cache.forEnvironment(environmentId), query);
  if (!subset) return undefined;
  return {
    ...fromCache({ ...subset.entry, query, pets: subset.pets }, now, offlineReason),
    derivedFrom: subset.entry.query,
    ...(subset.mayBeIncomplete ? { mayBeIncomplete: true } : {}),
  };
}

export function petHandlers(
  context: HandlerContext,
): Pick<Handlers, 'getCachedPets' | 'listPets' | 'listMorePets' | 'createPet'> {
  const { settings, cache, calls, outbox, logger, now, snapshots } = context;
  return {
    getCachedPets: ({ query }) => {
      const entry = cache.get(settings.current.selected, query);
      return entry ? fromCache(entry, now()) : null;
    },
    listPets: async ({ query }) => {
      const environmentId = settings.current.selected;
      if (settings.setLastQuery(query)) snapshots.settings();
      try {
        const { pets, next } = await calls.call(environmentId, (client) => client.listPage(query));
        const fetchedAt = now();
        // Only the first page is saved: the saved list is what the clerk sees first, offline too.
        cache.put(environmentId, query, pets, fetchedAt);
        return { environmentId, query, pets, source: 'network', fetchedAt, ageMs: 0, ...(next ? { next } : {}) };
      } catch (error) {
        if (!(error instanceof ServiceFailure) || !ANSWERED_FROM_SAVED_LISTS.has(error.appError.kind)) throw error;
        const cached = cache.get(environmentId, query);
        if (cached) {
          logger.info(`list: ${error.appError.kind}; answering from the cache`);
          return fromCache(cached, now(), error.appError);
        }
        const covering = fromCoveringList(cache, environmentId, query, now(), error.appError);
        if (!covering) throw error;
        logger.info(`list: ${error.appError.kind}; answering from a saved list that contains this one`);
        return covering;
      }
    },
    listMorePets: async ({ query, next }) => {
      const environmentId = settings.current.selected;
      // The client checks `next` against this environment's address before the key goes anywhere.
      const page = await calls.call(environmentId, (client) => client.listMore(next));
      return { environmentId, query, pets: page.pets, ...(page.next ? { next: page.next } : {}) };
    },
    createPet: ({ pet }) => {
      const environmentId = settings.current.selected;
      // No key is an error to show, never a reason to queue.
      calls.client(environmentId);
      // Every add goes through the outbox with its own Idempotency-Key; an unsure outcome stays there.
      return outbox.add(environmentId, pet);
    },
  };
}
