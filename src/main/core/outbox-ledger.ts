import { AppFailure, appError, type AppNotice } from '../../shared';
import { fileNotSavedNotice } from './document-writer';
import type { Logger } from './logger';
import type { KeyHonours } from './outbox-honours';
import type { OutboxDocument, OutboxRecord } from './outbox-record';
import type { OutboxStore } from './outbox-store';

const SAVE_FAILED_ERROR = appError('storage', 'outbox_save_failed');
const SAVE_FAILED = fileNotSavedNotice('outbox', 'outbox');

interface LedgerOptions {
  store: OutboxStore;
  items: OutboxRecord[];
  honours: KeyHonours;
  logger: Logger;
  notify: (notice: AppNotice) => void;
  onChange: () => void;
}

/**
 * The outbox's items and how a change reaches the disk: a `commit` must be
 * there before anything follows it; a `record` is a fact that stays true
 * whether or not its write succeeds.
 */
export class OutboxLedger {
  private current: OutboxRecord[];

  constructor(private readonly options: LedgerOptions) {
    this.current = options.items;
    // Any later write waits for this one; the recovered states are on disk before anything is sent.
    this.saveReported(false);
  }

  get items(): OutboxRecord[] {
    return this.current;
  }

  /** A failed write undoes the change (unless something changed since) and is the caller's error. */
  async commit(items: OutboxRecord[]): Promise<void> {
    const previous = this.current;
    this.current = items;
    try {
      await this.options.store.save(this.document());
    } catch (error) {
      if (this.current === items) this.current = previous;
      this.options.logger.error('outbox: could not save', error);
      throw new AppFailure(SAVE_FAILED_ERROR);
    }
    this.options.onChange();
  }

  /** A send's outcome: kept whatever the disk says (a failed write is reported, never a reason to resend). */
  record(items: OutboxRecord[]): void {
    this.current = items;
    this.options.onChange();
    this.saveReported(true);
  }

  private document(): OutboxDocument {
    return { version: 2, items: this.current, honours: this.options.honours.toJSON() };
  }

  private saveReported(lazy: boolean): void {
    this.options.store.save(this.document(), lazy).catch((error: unknown) => {
      this.options.logger.error('outbox: could not save', error);
      this.options.notify(SAVE_FAILED);
    });
  }
}
