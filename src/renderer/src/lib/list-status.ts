import type { AppError } from '../../../shared/app-error';
import type { PetList } from '../../../shared/views';
import { isOfflineError } from './api';
import { formatAge } from './format';

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

/** The line above the table when the rows are a saved copy. */
export function listBanner(situation: ListSituation): ListBanner | null {
  const kind = bannerKind(situation);
  return kind ? { kind, text: BANNER_TEXT[kind](formatAge(situation.ageMs)) } : null;
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
