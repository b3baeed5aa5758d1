import { AppFailure, appError, type AppError, type EnvironmentId } from '../../../shared';
import { deprecationNotice, parseHeaderDate, type LookupSignals } from '../deprecation-policy';
import type { ListCache } from '../list-cache';
import { ANSWERED_FROM_SAVED_LISTS, ServiceFailure } from '../service-errors';
import type { Handlers, HandlerContext } from './context';

function lookupInCache(cache: ListCache, environmentId: EnvironmentId, id: string, offlineReason?: AppError) {
  for (const entry of cache.forEnvironment(environmentId)) {
    const pet = entry.pets.find((candidate) => candidate.id === id);
    if (pet) return { pet, fetchedAt: entry.fetchedAt };
  }
  if (offlineReason) {
    // Keeps the failure's kind (the screens treat it as offline) and says both halves of what went wrong.
    const notReached = offlineReason.kind === 'unreachable' || offlineReason.kind === 'timeout';
    throw new AppFailure(
      appError(offlineReason.kind, notReached ? 'unreachable_not_saved' : 'failed_not_saved', { params: { id } }),
    );
  }
  throw new AppFailure(appError('not_found', 'not_in_saved_lists', { params: { id } }));
}

/** The deprecated lookup by id: the service while it serves it, then the saved lists. */
export function lookupHandlers(context: HandlerContext): Pick<Handlers, 'lookupPet' | 'getDeprecationNotice'> {
  const { settings, cache, calls, logger, now, lookupSignals } = context;
  const signalsOf = (environmentId: EnvironmentId): LookupSignals => lookupSignals.get(environmentId) ?? {};
  const learn = (environmentId: EnvironmentId, signals: LookupSignals) => {
    lookupSignals.set(environmentId, { ...signalsOf(environmentId), ...signals });
  };
  return {
    lookupPet: async ({ id }) => {
      const environmentId = settings.current.selected;
      let notice = deprecationNotice(now(), signalsOf(environmentId));
      let offlineReason: AppError | undefined;
      logger.info(`lookup: deprecated GET /pets/{petId} used (environment ${environmentId}, mode ${notice.mode})`);
      if (notice.mode === 'service') {
        try {
          const answer = await calls.call(environmentId, (client) => client.getPet(id));
          const sunsetMs = parseHeaderDate(answer.sunset);
          if (answer.deprecation !== null || answer.sunset !== null) {
            logger.info(
              `lookup: service sent Deprecation "${answer.deprecation ?? ''}" Sunset "${answer.sunset ?? ''}"`,
            );
          }
          if (sunsetMs !== undefined) learn(environmentId, { sunsetMs });
          notice = deprecationNotice(now(), signalsOf(environmentId));
          return { pet: answer.pet, source: 'service', notice };
        } catch (error) {
          if (!(error instanceof ServiceFailure)) throw error;
          if (error.appError.kind === 'gone') {
            learn(environmentId, { gone: true });
            notice = deprecationNotice(now(), signalsOf(environmentId));
          } else if (ANSWERED_FROM_SAVED_LISTS.has(error.appError.kind)) {
            logger.info(`lookup: ${error.appError.kind}; answering from the saved lists`);
            offlineReason = error.appError;
          } else if (error.appError.kind === 'not_found') {
            // The app's own words ("animal"), not the service's ("pet").
            throw new AppFailure(appError('not_found', 'no_animal_with_id', { status: 404, params: { id } }));
          } else {
            throw error;
          }
        }
      }
      const found = lookupInCache(cache, environmentId, id, offlineReason);
      return {
        pet: found.pet,
        source: 'cache',
        notice,
        fetchedAt: found.fetchedAt,
        ...(offlineReason ? { offlineReason } : {}),
      };
    },
    getDeprecationNotice: () => deprecationNotice(now(), signalsOf(settings.current.selected)),
  };
}
