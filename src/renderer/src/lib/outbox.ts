import type { Pet } from '../../../shared/pet';
import type { OutboxItem } from '../../../shared/views';
import { i18n, t } from '../i18n/i18n.svelte';
import { errorText, saidText } from '../i18n/describe';
import { csvFile, csvSeparator } from './csv';

/**
 * Remembers which outbox items the screen has already seen sent, so an animal
 * that arrives at the service joins the list once, however many snapshots
 * repeat it; and which of them waited, whose sending is news. Every add goes
 * through the outbox: one the service takes at once was only ever seen being
 * sent, and the add form has said so already.
 */
export class SentTracker {
  readonly #seen = new Set<string>();
  /** Seen before they were sent: only those arrive (one first seen sent is shown again, as after an address change). */
  readonly #unsent = new Set<string>();
  readonly #waited = new Set<string>();

  /** What the outbox holds when the app starts: the sent are not news, the others waited before it opened. */
  remember(items: readonly OutboxItem[]): void {
    for (const item of items) {
      if (item.state === 'sent') this.#seen.add(item.id);
      else {
        this.#unsent.add(item.id);
        this.#waited.add(item.id);
      }
    }
  }

  /** The animals sent since the last snapshot, for one environment, and those of them that had waited. */
  newlySent(items: readonly OutboxItem[], environmentId: string): { arrived: Pet[]; waited: Pet[] } {
    const arrived: Pet[] = [];
    const waited: Pet[] = [];
    for (const item of items) {
      if (item.state === 'queued' || item.state === 'needs_attention') this.#waited.add(item.id);
      if (item.state !== 'sent') this.#unsent.add(item.id);
      if (item.state !== 'sent' || this.#seen.has(item.id)) continue;
      this.#seen.add(item.id);
      if (!item.created || item.environmentId !== environmentId || !this.#unsent.has(item.id)) continue;
      arrived.push(item.created);
      if (this.#waited.has(item.id)) waited.push(item.created);
    }
    return { arrived, waited };
  }
}

const CSV_COLUMNS = ['name', 'categoryId', 'status', 'state', 'createdAt', 'serviceId', 'lastError'] as const;

/** The outbox as CSV (the app's one CSV rule, `csvFile`), one row per animal. */
export function outboxCsv(items: readonly OutboxItem[]): string {
  return csvFile(
    [
      CSV_COLUMNS,
      ...items.map((item) => [
        item.pet.name,
        item.pet.categoryId,
        item.pet.status ?? '',
        item.check ?? item.state,
        new Date(item.createdAt).toISOString(),
        item.created?.id ?? '',
        item.lastError ? errorText(item.lastError) : '',
      ]),
    ],
    csvSeparator(i18n.tag),
  );
}

/** What the clerk reads about an item, in the outbox and under the add form. */
export function describeItem(item: OutboxItem): string {
  switch (item.state) {
    case 'queued':
      return item.attempts > 0 ? t('outbox.waitingTried', { count: item.attempts }) : t('outbox.waiting');
    case 'sending':
      return t('outbox.sending');
    case 'sent':
      return item.created ? t('outbox.sentId', { id: item.created.id }) : t('outbox.sentConfirmed');
    case 'needs_attention':
      // Refused: why. In doubt: the service's own words only, for the error's advice ("try again later") would add
      // the animal twice.
      return item.check === 'rejected'
        ? t('outbox.refused', { reason: item.lastError ? errorText(item.lastError) : t('outbox.noReason') })
        : t('outbox.needsCheck') + saidText(item.lastError);
  }
}
