/** The outbox file: a header line, then one line per animal, read line by line and written whole, atomically. */
import { isUtf8 } from 'node:buffer';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import type { AppError, AppNotice } from '../../../shared';
import { writeAtomically } from '../document-writer';
import { redactAppError } from '../redaction';
import { OutboxRecord, Services } from './machine';

const OUTBOX_VERSION = 1;
const Header = z.object({ version: z.literal(OUTBOX_VERSION), services: Services });
const Newer = z.looseObject({ version: z.int().gt(OUTBOX_VERSION), app: z.string().optional().catch(undefined) });

export type OutboxContents = { items: OutboxRecord[]; services: Services };

export interface OutboxFileOptions {
  filePath: string;
  appVersion: string;
  notify: (notice: AppNotice) => void;
  /** The API keys this app knows, kept out of stored error messages. */
  secrets: () => Iterable<string>;
  /** Default: `writeAtomically`. */
  write?: (filePath: string, text: string) => Promise<void>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const utf8 = new TextDecoder();

/** A line's text, a leading byte-order mark dropped (an editor on Windows saved it; a file put back together from two
 * has one mid-file); undefined where its bytes are not UTF-8 (a letter torn by a crash): such a line goes aside as it
 * is. */
const lineText = (bytes: Buffer): string | undefined => (isUtf8(bytes) ? utf8.decode(bytes) : undefined);

/** The file's lines as bytes, split at each newline. */
function byteLines(file: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let end = file.indexOf(0x0a, start); end !== -1; end = file.indexOf(0x0a, start)) {
    lines.push(file.subarray(start, end));
    start = end + 1;
  }
  lines.push(file.subarray(start));
  return lines;
}

export class OutboxFile {
  /** The app version that wrote a file this version cannot read; nothing is written over it. */
  private newerVersion: string | undefined;
  /** Unreadable records whose copy could not be set aside (a full disk): the file is left as it is for this run. */
  private notSetAside = false;
  /** Each record's line, made and checked once (records are values): every write makes every line. */
  private readonly lines = new WeakMap<OutboxRecord, string>();

  constructor(private readonly options: OutboxFileOptions) {}

  load(): OutboxContents {
    const { filePath, notify } = this.options;
    const contents: OutboxContents = { items: [], services: {} };
    if (!existsSync(filePath)) return contents;
    const [first = Buffer.alloc(0), ...lines] = byteLines(readFileSync(filePath));
    const head = parseJson(lineText(first) ?? '');
    const newer = Newer.safeParse(head);
    if (newer.success) {
      this.newerVersion = newer.data.app ?? `format ${String(newer.data.version)}`;
      const params = { version: this.newerVersion };
      notify({ id: 'outbox-newer-version', level: 'error', reason: 'outbox_newer_version', params });
      return contents;
    }
    const header = Header.safeParse(head);
    if (header.success) contents.services = header.data.services;
    else lines.unshift(first);
    const unreadable: Buffer[] = [];
    for (const bytes of lines) {
      const text = lineText(bytes);
      if (text?.trim() === '') continue;
      const read = OutboxRecord.safeParse(text === undefined ? undefined : parseJson(text));
      if (!read.success) unreadable.push(bytes);
      else
        contents.items.push(
          read.data.lastError ? { ...read.data, lastError: this.redactError(read.data.lastError) } : read.data,
        );
    }
    if (unreadable.length === 0) return contents;
    // Set aside before the next write drops them; where they cannot be, what could be read is shown, read-only.
    const asidePath = filePath.replace(/\.jsonl$/, '') + '.unreadable.jsonl';
    if (!this.setAside(asidePath, unreadable)) return contents;
    for (const [index, line] of unreadable.entries()) {
      // The animal's name, where the line still holds it; else a damaged part, of animals the app cannot count.
      const text = line.toString('utf8');
      const name = parseJson(/"pet"\s*:\s*\{[^}]*?"name"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text)?.[1] ?? '');
      const named = typeof name === 'string' ? { named: 'yes', name } : { named: 'no', name: '' };
      const params = { ...named, backup: basename(asidePath) };
      notify({ id: `outbox-unreadable-${String(index)}`, level: 'error', reason: 'outbox_record_unreadable', params });
    }
    return contents;
  }

  /** Nothing is written over the file in this run (a newer version's, or records not set aside). */
  get readOnly(): boolean {
    return this.newerVersion !== undefined || this.notSetAside;
  }

  /** Unreadable lines copied to `asidePath`; where the disk refuses, the outbox is read-only this run: no write loses
   * them, and nothing is sent (its marks could not be written). */
  private setAside(asidePath: string, unreadable: readonly Buffer[]): boolean {
    try {
      const newline = Buffer.from('\n');
      appendFileSync(asidePath, Buffer.concat(unreadable.flatMap((line) => [line, newline])), { flush: true });
      return true;
    } catch {
      this.notSetAside = true;
      const params = { backup: basename(asidePath) };
      this.options.notify({ id: 'outbox-not-set-aside', level: 'error', reason: 'outbox_not_set_aside', params });
      return false;
    }
  }

  /** Resolves once the outbox is on disk as given. */
  async write({ items, services }: OutboxContents): Promise<void> {
    if (this.readOnly) throw new Error('outbox file left as it is for this run');
    const header = JSON.stringify({ version: OUTBOX_VERSION, app: this.options.appVersion, services });
    const text = [header, ...items.map((item) => this.line(item)), ''].join('\n');
    await (this.options.write ?? writeAtomically)(this.options.filePath, text);
  }

  /** A line its reader would set aside is never written: the write is refused, as a full disk's would be. */
  private line(item: OutboxRecord): string {
    let line = this.lines.get(item);
    if (line !== undefined) return line;
    line = JSON.stringify(item);
    const read = OutboxRecord.safeParse(JSON.parse(line));
    if (!read.success) throw new Error(`outbox record ${item.id} not written: ${z.prettifyError(read.error)}`);
    this.lines.set(item, line);
    return line;
  }

  /** An error with every known key taken out of its values: before it is kept, shown or stored. */
  redactError(error: AppError): AppError {
    return redactAppError(error, this.options.secrets());
  }
}
