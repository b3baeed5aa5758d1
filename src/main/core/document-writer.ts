import { writeFile } from 'atomically';
import type { AppNotice, StoredFile } from '../../shared';

/**
 * A temporary file, fsynced, renamed over the old one. Its temporary file is not purged on a stop signal:
 * the app's own close finishes the write, and a purge under it made a clean stop lose that save.
 */
export const writeAtomically = (filePath: string, text: string): Promise<void> =>
  writeFile(filePath, text, { fsync: true, tmpPurge: false });

/** A file the app could not write: one notice per file, its id naming the file. */
export const fileNotSavedNotice = (name: string, file: StoredFile): AppNotice => ({
  id: `write-failed-${name}`,
  level: 'error',
  reason: 'file_not_saved',
  params: { file },
});

interface DocumentWriterOptions<T> {
  filePath: string;
  /** The file's text for a value; default: JSON with tabs. Called when the value's write begins. */
  serialise?: (value: T) => string | Promise<string>;
  /** Which file this is, for the notice. */
  file: StoredFile;
  /** Used for the notice's id, one per file. */
  name: string;
  notify: (notice: AppNotice) => void;
  /** For the log: the failure's details stay out of the notice. */
  onError: (error: unknown) => void;
}

/**
 * Saves a document off the main thread's critical path: each write goes to a temporary file, is
 * fsynced and renamed over the old one (atomically), writes run one at a time, and only the newest
 * waiting value is serialised and written. Values are never changed after `save`. A failed write is
 * a notice to the user (one per run of failures), never a thrown error.
 */
export class DocumentWriter<T = unknown> {
  private writing: Promise<void> | undefined;
  private waiting: { value: T } | undefined;
  private failed = false;

  constructor(private readonly options: DocumentWriterOptions<T>) {}

  save(value: T): void {
    this.waiting = { value };
    this.writing ??= this.drain();
  }

  /** Resolves once everything saved so far is on disk (or has failed and been reported). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    const serialise = this.options.serialise ?? ((value: T) => JSON.stringify(value, null, '\t'));
    while (this.waiting) {
      const { value } = this.waiting;
      this.waiting = undefined;
      try {
        await writeAtomically(this.options.filePath, await serialise(value));
        this.failed = false;
      } catch (error) {
        this.report(error);
      }
    }
    this.writing = undefined;
  }

  private report(error: unknown): void {
    this.options.onError(error);
    if (this.failed) return;
    this.failed = true;
    this.options.notify(fileNotSavedNotice(this.options.name, this.options.file));
  }
}
