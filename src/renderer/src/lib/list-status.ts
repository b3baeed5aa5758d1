import type { AppError } from '../../../shared/app-error';
import type { ListQuery } from '../../../shared/list-query';
import type { PetList } from '../../../shared/views';
import { t, type MessageId } from '../i18n/i18n.svelte';
import { isOfflineError } from './api';
import { formatAge, formatClock } from './format';

/** Why the rows on screen are not a fresh answer from the service; the kind, not the words, picks the look. */
export type BannerKind = 'offline' | 'failed' | 'saved' | 'saved-refreshing';

export interface ListBanner {
  kind: BannerKind;
  text: string;
}

export interface ListSituation {
  list: PetList | null;
  /** How old the shown list is now, in ms. */
  ageMs: number;
  loading: boolean;
  error: AppError | null;
  /** The quick filter, as typed. */
  filterText: string;
  /** Rows shown after the quick filter. */
  shown: number;
  environmentLabel: string;
  /** Further pages were loaded under the first ("Load more"). */
  loadedMore?: boolean;
}

function bannerKind({ list, error, loading }: ListSituation): BannerKind | null {
  if (!list) return null;
  if (list.offlineReason || (error && isOfflineError(error))) return 'offline';
  if (error) return 'failed';
  if (list.source === 'cache') return loading ? 'saved-refreshing' : 'saved';
  return null;
}

const BANNER_TEXT: Record<BannerKind, MessageId> = {
  offline: 'banner.offline',
  failed: 'banner.failed',
  saved: 'banner.saved',
  'saved-refreshing': 'banner.savedRefreshing',
};

/** “All”, “Sold”, or “Sold” of 100 rows when the filter is the same and only the size differs. */
function savedListName(from: ListQuery, query: ListQuery): string {
  const status = t(from.status ? `status.${from.status}` : 'status.all');
  return from.status === query.status
    ? t('banner.listOfRows', { status, limit: from.limit })
    : t('banner.list', { status });
}

/** Offline, this query was never saved: the rows come from a saved list that contains it, and the banner says which. */
function derivedText(list: PetList, ageMs: number, error: AppError | null): string | null {
  if (!list.derivedFrom) return null;
  const reason = list.offlineReason ?? error;
  return t('banner.derived', {
    taken: formatClock(list.fetchedAt, list.fetchedAt + ageMs),
    list: savedListName(list.derivedFrom, list.query),
    why: !reason || isOfflineError(reason) ? 'unreachable' : 'failed',
    incomplete: list.mayBeIncomplete ? 'yes' : 'no',
  });
}

/** The line above the table when the rows are a saved copy. */
export function listBanner(situation: ListSituation): ListBanner | null {
  const kind = bannerKind(situation);
  if (!kind || !situation.list) return null;
  const derived = derivedText(situation.list, situation.ageMs, situation.error);
  return { kind, text: derived ?? t(BANNER_TEXT[kind], { age: formatAge(situation.ageMs) }) };
}

/**
 * Under a full page: the service may hold more than was asked for. Nothing
 * for a shorter page, or once "Load more" reached the last page.
 */
export function pagingNote({ list, loadedMore = false }: ListSituation): string | null {
  if (!list || list.pets.length < list.query.limit) return null;
  if (loadedMore && list.next === undefined) return null;
  return t('list.pagingNote', { count: list.pets.length });
}

/** The count under the controls: what is shown, and whether a refresh is under way. */
export function listSummary({ list, loading, filterText, shown }: ListSituation): string {
  if (loading && !list) return t('list.loading');
  if (!list) return '';
  const filter = filterText.trim();
  if (filter !== '') return t('list.matches', { count: shown, filter });
  return t('list.shown', { count: shown, refreshing: loading ? 'yes' : 'no' });
}

/** What an empty table says instead: the filter found nothing, or the service has nothing. */
export function emptyListMessage({ list, filterText, environmentLabel }: ListSituation): string {
  const filter = filterText.trim();
  if (filter !== '') return t('list.noMatch', { filter });
  return t('list.empty', { status: list?.query.status ?? 'all', environment: environmentLabel });
}
