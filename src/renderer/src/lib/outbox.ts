import type { Pet } from '../../../shared/pet';
import type { OutboxItem } from '../../../shared/views';

/**
 * Remembers which outbox items the screen has already seen sent, so an animal
 * that arrives at the service joins the list once, however many snapshots
 * repeat it.
 */
export class SentTracker {
  readonly #seen = new Set<string>();

  /** Marks what is already sent when the app starts: those are not news. */
  remember(items: readonly OutboxItem[]): void {
    for (const item of items) if (item.state === 'sent') this.#seen.add(item.id);
  }

  /** The animals sent since the last snapshot, for one environment. */
  newlySent(items: readonly OutboxItem[], environmentId: string): Pet[] {
    const arrived: Pet[] = [];
    for (const item of items) {
      if (item.state !== 'sent' || this.#seen.has(item.id)) continue;
      this.#seen.add(item.id);
      if (item.created && item.environmentId === environmentId) arrived.push(item.created);
    }
    return arrived;
  }
}
