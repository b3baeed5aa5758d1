import type { CatalogueMeta } from '../../../shared/views';
import { t } from '../i18n/i18n.svelte';
import { formatAge, formatClock } from './format';
import type { ListRow } from './list-rows';
import { describeItem } from './outbox';

/** Where the animal in the details was read from: the catalogue and when it was synced, or this counter's outbox. */
export function detailSource(row: ListRow, meta: CatalogueMeta | null, now: number): string {
  if (row.waiting) {
    return t('detail.notSent', { since: formatClock(row.waiting.createdAt, now), state: describeItem(row.waiting) });
  }
  if (row.sentAt !== undefined) return t('detail.sentHere');
  if (!meta?.syncedAt) return t('detail.catalogueUnsynced');
  return t('detail.catalogue', { age: formatAge(Math.max(0, now - meta.syncedAt)) });
}

/** The id of a row's name button, which opens its details; focus comes back to it when they close. */
export const detailButtonId = (key: string): string => `open-${key}`;
