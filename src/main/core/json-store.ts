import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import Conf from 'conf';
import type { AppNotice, FileProblem, StoredFile } from '../../shared';
import { DocumentWriter } from './document-writer';

/** What both `new Conf({cwd, configName: name, ...})` and `new ElectronStore({cwd, name, ...})` satisfy. */
export interface JsonStoreLike {
  readonly path: string;
  store: Record<string, unknown>;
}
/**
 * Opens `<cwd>/<name>.json` for reading. May throw on a corrupt file; the core
 * then backs it up and starts fresh. The core writes the file itself
 * (asynchronously), so the store is only read.
 */
export type OpenJsonStore = (options: { cwd: string; name: string }) => JsonStoreLike;

/** The Node opener: conf, which writes atomically. It must not clear a bad file itself: the core keeps it as a backup. */
export const openConfStore: OpenJsonStore = ({ cwd, name }) =>
  new Conf<Record<string, unknown>>({
    cwd,
    configName: name,
    clearInvalidConfig: false,
    projectName: 'petstore-counter',
  });

/** A JSON object (not null, not an array): what a reader checks before reading its fields one by one. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * How a document's reader judged the file: usable (perhaps after a migration; `unread` names the parts it could
 * not read, which took their defaults; `newer`: what could be read of a newer version's file, which is never
 * written), or not.
 */
export type ReadOutcome<T> =
  { ok: true; value: T; migrated: boolean; unread?: string[]; newer?: true } | { ok: false; problem: FileProblem };

export interface OpenedDocument<T> {
  value: T;
  /** Queues an asynchronous, atomic write; a failure becomes a notice. */
  save(value: T): void;
  /** Resolves once every save so far is on disk or reported. */
  flush(): Promise<void>;
}

export interface DocumentOptions<T> {
  open: OpenJsonStore;
  dataDir: string;
  name: string;
  /** Which file this is, for the notice. */
  file: StoredFile;
  read: (raw: Record<string, unknown>) => ReadOutcome<T>;
  defaults: () => T;
  now: () => number;
  notify: (notice: AppNotice) => void;
  /** Where a failed write's details go (the notice stays short). */
  onWriteError: (error: unknown) => void;
}

/** How many backups of one file are kept: enough to compare a few damages, never a pile in the data folder. */
export const BACKUPS_KEPT = 3;

/**
 * Moves a damaged file aside as `<name>.corrupt-<time><extension>` (never over another backup), returning where it
 * went, and removes that file's oldest backups beyond BACKUPS_KEPT — never the one just made, whatever the clock
 * said when the others were named.
 */
export function moveAside(filePath: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const extension = extname(filePath);
  const prefix = `${basename(filePath, extension)}.corrupt-`;
  let backup = join(dirname(filePath), `${prefix}${stamp}${extension}`);
  for (let again = 2; existsSync(backup); again += 1) {
    backup = join(dirname(filePath), `${prefix}${stamp}-${String(again)}${extension}`);
  }
  renameSync(filePath, backup);
  try {
    const older = readdirSync(dirname(filePath))
      .filter((name) => name.startsWith(prefix) && name.endsWith(extension) && name !== basename(backup))
      .sort()
      .reverse();
    for (const name of older.slice(BACKUPS_KEPT - 1)) {
      const path = join(dirname(filePath), name);
      // A folder once found where the file belongs stays: only backups that are files are removed.
      if (statSync(path).isFile()) rmSync(path);
    }
  } catch {
    // An old backup that cannot be removed costs only room: the file just kept and the start go on.
  }
  return backup;
}

/**
 * Opens a JSON document, validating it. A file that cannot be read or does
 * not validate is moved aside as a backup and replaced by defaults, and the
 * user is told where the old one went; a newer version's file is read as far
 * as it can be and never written.
 */
export function openDocument<T extends object>(options: DocumentOptions<T>): OpenedDocument<T> {
  const filePath = join(options.dataDir, `${options.name}.json`);
  const existed = existsSync(filePath);
  let outcome: ReadOutcome<T>;
  try {
    outcome = options.read(options.open({ cwd: options.dataDir, name: options.name }).store);
  } catch {
    outcome = { ok: false, problem: 'not_json' };
  }

  let value: T;
  if (outcome.ok && outcome.newer) {
    // A newer version's file stays exactly as it is: this run's changes live in memory only.
    options.notify({
      id: `newer-${options.name}`,
      level: 'warning',
      reason: 'file_newer_version',
      params: { file: options.file },
    });
    return { value: outcome.value, save: () => undefined, flush: () => Promise.resolve() };
  }
  if (outcome.ok) {
    value = outcome.value;
    if (outcome.unread?.length) {
      // What was read is written back: the file as it was is kept beside it.
      const backup = moveAside(filePath, options.now());
      options.notify({
        id: `corrupt-${options.name}`,
        level: 'warning',
        reason: 'file_partly_read',
        params: { file: options.file, parts: outcome.unread.join(', '), backup: basename(backup) },
      });
    }
  } else {
    value = options.defaults();
    if (existed && existsSync(filePath)) {
      const backup = moveAside(filePath, options.now());
      options.notify({
        id: `corrupt-${options.name}`,
        level: 'warning',
        reason: 'file_unreadable',
        params: { file: options.file, problem: outcome.problem, backup: basename(backup) },
      });
    }
  }
  const writer = new DocumentWriter({
    filePath,
    file: options.file,
    name: options.name,
    notify: options.notify,
    onError: options.onWriteError,
  });
  const save = (next: T) => {
    writer.save(next);
  };
  if (!outcome.ok || outcome.migrated || !existed) save(value);
  return { value, save, flush: () => writer.flush() };
}
