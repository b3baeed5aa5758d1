import type { AppError, PetList } from '../../../shared';
import type { CacheEntry } from '../list-cache';
import { ServiceFailure } from '../service-errors';
import type { Handlers, HandlerContext } from './context';

/** When the service cannot answer a list, the cached copy is shown instead of an error. */
const SERVE_FROM_CACHE = new Set<AppError['kind']>(['unreachable', 'timeout', 'server_error', 'rate_limited']);

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

export function petHandlers(context: HandlerContext): Pick<Handlers, 'getCachedPets' | 'listPets' | 'createPet'> {
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
        const pets = await calls.call(environmentId, (client) => client.listPets(query));
        const fetchedAt = now();
        cache.put(environmentId, query, pets, fetchedAt);
        return { environmentId, query, pets, source: 'network', fetchedAt, ageMs: 0 };
      } catch (error) {
        const cached = cache.get(environmentId, query);
        if (error instanceof ServiceFailure && SERVE_FROM_CACHE.has(error.appError.kind) && cached) {
          logger.info(`list: ${error.appError.kind}; answering from the cache`);
          return fromCache(cached, now(), error.appError);
        }
        throw error;
      }
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
