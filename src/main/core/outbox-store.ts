import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { AppError, AppNotice, FileProblem } from '../../shared';
import { moveAside } from './json-store';
import { redactAppError } from './redaction';
import { OUTBOX_VERSION, readOutboxDocument, type OutboxDocument, type OutboxRecord } from './outbox-record';
import { writeAtomically } from './document-writer';

export interface OutboxStoreOptions {
  filePath: string;
  now: () => number;
  notify: (notice: AppNotice) => void;
  /** The API keys this app knows, kept out of stored error messages. */
  secrets: () => Iterable<string>;
  /** Default: an atomic write (temporary file, fsync, rename). Tests pass a failing one. */
  write?: (filePath: string, text: string) => Promise<void>;
}

/** How long a lazy save waits for later changes to join it. */
const LAZY_WAIT_MS = 50;

interface PendingSave {
  document: OutboxDocument;
  waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
  /** Every save in it was lazy. */
  lazy: boolean;
}

/**
 * The outbox file: read once at start (migrating older versions), written
 * whole after every change, one write after another. A service that echoed a
 * key in an error message never gets it onto the disk or back out of it.
 */
export class OutboxStore {
  private next: PendingSave | undefined;
  private writing: Promise<void> | undefined;
  private hurry: (() => void) | undefined;

  constructor(private readonly options: OutboxStoreOptions) {}

  load(): OutboxDocument {
    const { filePath } = this.options;
    const empty: OutboxDocument = { version: OUTBOX_VERSION, items: [], honours: {} };
    if (!existsSync(filePath)) return empty;
    let problem: FileProblem;
    try {
      const document = readOutboxDocument(JSON.parse(readFileSync(filePath, 'utf8')));
      if (document) return { ...document, items: this.redacted(document.items) };
      problem = 'not_recognised';
    } catch {
      problem = 'not_json';
    }
    const backup = moveAside(filePath, this.options.now());
    this.options.notify({
      id: 'corrupt-outbox',
      level: 'error',
      reason: 'outbox_unreadable',
      params: { problem, backup: basename(backup) },
    });
    return empty;
  }

  /**
   * Resolves once this document (or a newer one) is on disk. While a write
   * runs, newer documents wait and only the newest is written next. A `lazy`
   * save (a fact that is safe to lose in a crash) waits a moment for company,
   * unless an urgent save or a flush comes first.
   */
  save(document: OutboxDocument, lazy = false): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiters = [...(this.next?.waiters ?? []), { resolve, reject }];
      this.next = { document, waiters, lazy: lazy && (this.next?.lazy ?? true) };
      if (!lazy) this.hurry?.();
      this.writing ??= this.drain();
    });
  }

  async flush(): Promise<void> {
    if (this.next) this.next.lazy = false;
    this.hurry?.();
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    const write = this.options.write ?? writeAtomically;
    for (let batch = this.next; batch; batch = this.next) {
      if (batch.lazy) {
        await new Promise<void>((resolve) => {
          this.hurry = resolve;
          setTimeout(resolve, LAZY_WAIT_MS);
        });
        this.hurry = undefined;
        batch = this.next ?? batch;
      }
      this.next = undefined;
      try {
        // Turned into text only when written: of many saves while a write runs, only the newest is.
        const { document } = batch;
        await write(this.options.filePath, JSON.stringify({ ...document, items: this.redacted(document.items) }));
        batch.waiters.forEach((waiter) => waiter.resolve());
      } catch (error) {
        batch.waiters.forEach((waiter) => waiter.reject(error));
      }
    }
    this.writing = undefined;
  }

  /** An error with every known key taken out of its values: before it is kept, shown or stored. */
  redactError(error: AppError): AppError {
    return redactAppError(error, this.options.secrets());
  }

  private redacted(items: OutboxRecord[]): OutboxRecord[] {
    return items.map((item) => (item.lastError ? { ...item, lastError: this.redactError(item.lastError) } : item));
  }
}
