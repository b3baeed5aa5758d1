import type { AppError } from '../../../shared/app-error';
import type { ListQuery } from '../../../shared/list-query';
import type { PetList } from '../../../shared/views';
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

const BANNER_TEXT: Record<BannerKind, (age: string) => string> = {
  offline: (age) => `Offline — showing the list from ${age}`,
  failed: (age) => `Could not refresh — showing the list from ${age}`,
  saved: (age) => `Showing the saved list from ${age}`,
  'saved-refreshing': (age) => `Showing the saved list from ${age} — refreshing…`,
};

/** “All”, “Sold”, or “Sold” of 100 rows when the filter is the same and only the size differs. */
function savedListName(from: ListQuery, query: ListQuery): string {
  const status = from.status ? `${from.status.charAt(0).toUpperCase()}${from.status.slice(1)}` : 'All';
  return from.status === query.status ? `“${status}” list of ${from.limit} rows` : `“${status}” list`;
}

/** Offline, this query was never saved: the rows come from a saved list that contains it, and the banner says which. */
function derivedText(list: PetList, ageMs: number, error: AppError | null): string | null {
  if (!list.derivedFrom) return null;
  const reason = list.offlineReason ?? error;
  const why = !reason || isOfflineError(reason) ? 'the service cannot be reached' : 'the service could not answer';
  const taken = formatClock(list.fetchedAt, list.fetchedAt + ageMs);
  const incomplete = list.mayBeIncomplete ? ' It may be incomplete: that saved list was a full page.' : '';
  return `Saved copy from ${taken}, taken from the saved ${savedListName(list.derivedFrom, list.query)} — ${why}.${incomplete}`;
}

/** The line above the table when the rows are a saved copy. */
export function listBanner(situation: ListSituation): ListBanner | null {
  const kind = bannerKind(situation);
  if (!kind || !situation.list) return null;
  const derived = derivedText(situation.list, situation.ageMs, situation.error);
  return { kind, text: derived ?? BANNER_TEXT[kind](formatAge(situation.ageMs)) };
}

/**
 * Under a full page: the service may hold more than was asked for. Nothing
 * for a shorter page, or once "Load more" reached the last page.
 */
export function pagingNote({ list, loadedMore = false }: ListSituation): string | null {
  if (!list || list.pets.length < list.query.limit) return null;
  if (loadedMore && list.next === undefined) return null;
  const count = list.pets.length;
  const first = count === 1 ? 'the first animal' : `the first ${count} animals`;
  return `Showing ${first} — the service may hold more.`;
}

/** The count under the controls: what is shown, and whether a refresh is under way. */
export function listSummary({ list, loading, filterText, shown }: ListSituation): string {
  if (loading && !list) return 'Loading animals…';
  if (!list) return '';
  const noun = shown === 1 ? 'animal' : 'animals';
  const filter = filterText.trim();
  if (filter !== '') return `${shown} ${shown === 1 ? 'animal matches' : 'animals match'} “${filter}”`;
  return `${shown} ${noun} shown${loading ? ', refreshing…' : ''}`;
}

/** What an empty table says instead: the filter found nothing, or the service has nothing. */
export function emptyListMessage({ list, filterText, environmentLabel }: ListSituation): string {
  const filter = filterText.trim();
  if (filter !== '') return `No animal shown or saved here has the id or a name with “${filter}”.`;
  const status = list?.query.status;
  return `No ${status ? `${status} ` : ''}animals in ${environmentLabel}.`;
}
