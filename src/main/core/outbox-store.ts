import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { writeFile } from 'atomically';
import type { AppError, AppNotice } from '../../shared';
import { moveAside } from './json-store';
import { redactText } from './logger';
import { OUTBOX_VERSION, readOutboxDocument, type OutboxDocument, type OutboxRecord } from './outbox-record';

export interface OutboxStoreOptions {
  filePath: string;
  now: () => number;
  notify: (notice: AppNotice) => void;
  /** The API keys this app knows, kept out of stored error messages. */
  secrets: () => Iterable<string>;
  /** Default: an atomic write (temporary file, fsync, rename). Tests pass a failing one. */
  write?: (filePath: string, text: string) => Promise<void>;
}

const atomicWrite = (filePath: string, text: string) => writeFile(filePath, text, { fsync: true });

/**
 * The outbox file: read once at start (migrating older versions), written
 * whole after every change, one write after another. A service that echoed a
 * key in an error message never gets it onto the disk or back out of it.
 */
export class OutboxStore {
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly options: OutboxStoreOptions) {}

  load(): OutboxDocument {
    const { filePath } = this.options;
    const empty: OutboxDocument = { version: OUTBOX_VERSION, items: [], honours: {} };
    if (!existsSync(filePath)) return empty;
    let reason: string;
    try {
      const document = readOutboxDocument(JSON.parse(readFileSync(filePath, 'utf8')));
      if (document) return { ...document, items: this.redacted(document.items) };
      reason = 'it holds data the app does not recognise';
    } catch {
      reason = 'it is not valid JSON';
    }
    const backup = moveAside(filePath, this.options.now());
    this.options.notify({
      id: 'corrupt-outbox',
      level: 'error',
      message: `The list of animals waiting to be sent could not be read (${reason}). The app started with an empty list and kept the old file as ${basename(backup)}; animals in it were not sent.`,
    });
    return empty;
  }

  /** Resolves once this document (and every one before it) is on disk. */
  save(document: OutboxDocument): Promise<void> {
    const text = JSON.stringify({ ...document, items: this.redacted(document.items) });
    const write = this.options.write ?? atomicWrite;
    const saved = this.writes.then(() => write(this.options.filePath, text));
    this.writes = saved.catch(() => undefined);
    return saved;
  }

  async flush(): Promise<void> {
    await this.writes;
  }

  /** An error with every known key taken out of its message: before it is kept, shown or stored. */
  redactError(error: AppError): AppError {
    return { ...error, message: redactText(error.message, this.options.secrets()) };
  }

  private redacted(items: OutboxRecord[]): OutboxRecord[] {
    return items.map((item) => (item.lastError ? { ...item, lastError: this.redactError(item.lastError) } : item));
  }
}
