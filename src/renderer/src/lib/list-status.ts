import type { CatalogueMeta } from '../../../shared/views';
import { t } from '../i18n/i18n.svelte';
import { isKeyProblem } from './api';
import type { ListTotals } from './list-rows';

/** Before the environment's first sync has answered (no key, refused, not reached, or the saved copy set aside): its
 * shop is unknown, not empty, and not the animals added here either, which the list shows all the same. */
export const notSynced = (meta: CatalogueMeta | null): boolean => meta?.syncedAt === null;

/**
 * The count beside the search box, short enough never to wrap: the shop's
 * true totals ("260 animals", and "87 available" where there is room), or
 * what a status or a search leaves of them ("3 of 260").
 */
export function listCount(totals: ListTotals, shown: number, narrowed: boolean, meta: CatalogueMeta | null) {
  if (notSynced(meta)) return { count: t('list.notSynced') };
  if (narrowed) return { count: t('list.shownOf', { shown, count: totals.all }) };
  return { count: t('list.total', { count: totals.all }), more: t('list.available', { available: totals.available }) };
}

/** What an empty grid says instead: the shop is not loaded yet (or cannot be, without a key), the search found nothing
 * in it or its status (the others may have it), or it has none of a status. */
export function emptyListMessage(
  filterText: string,
  status: string,
  environmentLabel: string,
  meta: CatalogueMeta | null,
) {
  if (notSynced(meta)) {
    // Without a working key no answer will come: the grid says what brings the animals (the banner above leads there).
    const noKey = meta?.problem !== undefined && isKeyProblem(meta.problem);
    return t(noKey ? 'list.emptyNoKey' : 'list.emptyNotSynced', { environment: environmentLabel });
  }
  const filter = filterText.trim();
  if (filter !== '') return t('list.noMatch', { filter, status });
  return t('list.empty', { status, environment: environmentLabel });
}

/** Said plainly atop an export, and under the toolbar over rows, when the catalogue is short: not loaded yet (only the
 * animals added here), the service's lists stop at 100 a status, its links go where the app does not follow, or the
 * saved copy was cut. */
export function incompleteNote(meta: CatalogueMeta | null): string | null {
  if (notSynced(meta)) return t('list.notLoadedNote');
  if (meta?.completeness === 'service_lists_capped') return t('list.incomplete');
  if (meta?.completeness === 'service_links_cut') return t('list.linksCut');
  if (meta?.completeness === 'copy_cut_short') return t('list.copyCutShort');
  return null;
}
