import { AppFailure, appError, type AppError, type CatalogueMeta, type EnvironmentId } from '../../../shared';
import { deprecationNotice, parseHeaderDate, type LookupSignals } from '../deprecation-policy';
import { ANSWERED_FROM_THE_CATALOGUE } from '../service-errors';
import type { Handlers, HandlerContext } from './context';

type CatalogueCopy = Pick<CatalogueMeta, 'completeness' | 'syncedAt'>;

/** No animal with this id in the catalogue: says why the service was not asked, if it was not reached, and, where
 * the copy is not the whole shop (not loaded, cut, or a service listing at most 100 a status), that it may lack it. */
function notInCatalogue(id: string, copy: CatalogueCopy, offlineReason?: AppError): AppFailure {
  const { completeness, syncedAt } = copy;
  if (offlineReason) {
    // Keeps the failure's kind (the screens treat it as offline) and says both halves of what went wrong.
    const notReached = offlineReason.kind === 'unreachable' || offlineReason.kind === 'timeout';
    const reason =
      syncedAt === null || completeness !== 'complete'
        ? 'not_in_partial_copy'
        : notReached
          ? 'unreachable_not_in_catalogue'
          : 'failed_not_in_catalogue';
    return new AppFailure(appError(offlineReason.kind, reason, { params: { id } }));
  }
  if (completeness === 'service_lists_capped') return new AppFailure(appError('not_found', 'not_in_capped_catalogue'));
  return new AppFailure(appError('not_found', 'not_in_catalogue', { params: { id } }));
}

/** A key refused, or none for the address: the catalogue answers, as the list shows it, and says why. */
const KEY_PROBLEMS: ReadonlySet<AppError['kind']> = new Set(['unauthorized', 'no_api_key']);

/**
 * The lookup by id: the deprecated GET /pets/{petId} while the service serves it, its answer put
 * into the catalogue (the service wins; the answer says whether the catalogue agreed), else the
 * catalogue. The renderer holds the catalogue too, so it can show the row at once while this confirms.
 */
export function lookupHandlers(context: HandlerContext): Pick<Handlers, 'lookupPet' | 'getDeprecationNotice'> {
  const { settings, catalogues, calls, logger, now, lookupSignals } = context;
  // What a service said of the lookup (its Sunset, a 410) holds for its address: another address may still serve it.
  const slot = (environmentId: EnvironmentId, baseUrl: string) => `${environmentId} ${baseUrl}`;
  const signalsOf = (environmentId: EnvironmentId, baseUrl: string): LookupSignals =>
    lookupSignals.get(slot(environmentId, baseUrl)) ?? {};
  const learn = (environmentId: EnvironmentId, baseUrl: string, signals: LookupSignals) => {
    lookupSignals.set(slot(environmentId, baseUrl), { ...signalsOf(environmentId, baseUrl), ...signals });
  };
  // The removal date is the service's: judged by its clock once it told it (the counter's may be a day behind).
  const today = (environmentId: EnvironmentId) => calls.serviceNow(environmentId) ?? now();
  return {
    lookupPet: async ({ id, environmentId = settings.current.selected }) => {
      // The address the request goes to: its answer belongs to that shop's catalogue, wherever the environment is by then.
      const baseUrl = settings.baseUrl(environmentId);
      let notice = deprecationNotice(today(environmentId), signalsOf(environmentId, baseUrl));
      let offlineReason: AppError | undefined;
      logger.info(`lookup: deprecated GET /pets/{petId} used (environment ${environmentId}, mode ${notice.mode})`);
      if (notice.mode === 'service') {
        const askedAt = performance.now();
        try {
          const answer = await calls.call(environmentId, (client) => client.getPet(id));
          const sunsetMs = parseHeaderDate(answer.sunset);
          if (answer.deprecation !== null || answer.sunset !== null) {
            logger.info(
              `lookup: service sent Deprecation "${answer.deprecation ?? ''}" Sunset "${answer.sunset ?? ''}"`,
            );
          }
          if (sunsetMs !== undefined) learn(environmentId, baseUrl, { sunsetMs });
          notice = deprecationNotice(today(environmentId), signalsOf(environmentId, baseUrl));
          const catalogue = await catalogues.put(environmentId, baseUrl, answer.pet, askedAt);
          if (catalogue !== undefined && catalogue !== 'agreed')
            logger.info(`lookup: the service's answer ${catalogue} the catalogue's row`);
          return { pet: answer.pet, source: 'service', notice, ...(catalogue && { catalogue }) };
        } catch (error) {
          // A ServiceFailure, or no key to send (never sent).
          if (!(error instanceof AppFailure)) throw error;
          if (error.appError.kind === 'gone') {
            learn(environmentId, baseUrl, { gone: true });
            notice = deprecationNotice(today(environmentId), signalsOf(environmentId, baseUrl));
          } else if (ANSWERED_FROM_THE_CATALOGUE.has(error.appError.kind) || KEY_PROBLEMS.has(error.appError.kind)) {
            logger.info(`lookup: ${error.appError.kind}; answering from the catalogue`);
            offlineReason = error.appError;
          } else if (error.appError.kind === 'not_found') {
            // The service wins: a row it no longer has leaves the catalogue, so the screens agree.
            if (await catalogues.remove(environmentId, baseUrl, id, askedAt))
              logger.info('lookup: 404; removed from the catalogue');
            // The app's own words ("animal"), not the service's ("pet").
            throw new AppFailure(appError('not_found', 'no_animal_with_id', { status: 404, params: { id } }));
          } else {
            throw error;
          }
        }
      }
      const { pet, syncedAt, completeness } = await catalogues.find(environmentId, id);
      // Not in the catalogue either: the key's problem is the one to mend, and the screens lead to the key entry.
      if (!pet && offlineReason && KEY_PROBLEMS.has(offlineReason.kind)) throw new AppFailure(offlineReason);
      if (!pet) throw notInCatalogue(id, { completeness, syncedAt }, offlineReason);
      return {
        pet,
        source: 'cache',
        notice,
        ...(syncedAt === null ? {} : { fetchedAt: syncedAt }),
        ...(offlineReason ? { offlineReason } : {}),
      };
    },
    getDeprecationNotice: () => {
      const environmentId = settings.current.selected;
      return deprecationNotice(today(environmentId), signalsOf(environmentId, settings.baseUrl(environmentId)));
    },
  };
}
