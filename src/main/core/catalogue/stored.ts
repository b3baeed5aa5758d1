import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { CatalogueCompleteness, EnvironmentId, Pets, type FileProblem } from '../../../shared';
import { moveAside } from '../json-store';

const FORMAT = 'petstore-counter/catalogue';
const VERSION = 1;

/**
 * One page as the service sent it: where it was asked, its ETag (for If-None-Match), its next link (or that it linked
 * one elsewhere, never followed), its rows.
 */
export const StoredPage = z.object({
  url: z.string(),
  etag: z.string().optional(),
  next: z.string().optional(),
  nextElsewhere: z.literal(true).optional(),
  pets: Pets,
});
export type StoredPage = z.infer<typeof StoredPage>;

/** The catalogue of one environment and address as kept on disk (never a key): a header line, then a line per page. */
export const StoredCatalogue = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  environmentId: EnvironmentId,
  baseUrl: z.string(),
  completeness: CatalogueCompleteness,
  /** When a sync last confirmed these rows, as they were written (a later unchanged sync is in `confirmedFile`). */
  syncedAt: z.int().nonnegative().nullable(),
  pages: z.array(StoredPage),
  /** Animals known here (an add, a lookup) that no page held at the last sync. */
  extras: Pets,
  /** The outbox items (ids) whose sent animal these rows have held once a list showed it (or a lookup denied it): one
   * they lack now left on the service's word. */
  taken: z.array(z.string()).optional(),
  /** Those held only because they were put in here: one they lack now was left out by a list that lags (a cache, a
   * replica) as much as by the service, and its stand-in stays, as in the run that put it. */
  put: z.array(z.string()).optional(),
});
export type StoredCatalogue = z.infer<typeof StoredCatalogue>;

/** One file per environment and address, so environments (and addresses) never share rows. */
export function catalogueFile(dataDir: string, environmentId: EnvironmentId, baseUrl: string): string {
  const address = createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);
  return join(dataDir, `catalogue-${environmentId}-${address}.jsonl`);
}

/**
 * Beside a catalogue's file, when a sync that changed nothing last confirmed its rows: the rows (100,000 animals) are
 * not rewritten for one time, and after a restart the copy is as old as that confirmation, not as its last change.
 */
export const confirmedFile = (catalogue: string): string => catalogue.replace(/\.jsonl$/, '.confirmed.json');

export const StoredConfirmation = z.object({
  syncedAt: z.int().nonnegative(),
  /** The `syncedAt` of the rows it confirms: it dates those rows only (older files lack it). */
  rows: z.int().nonnegative().nullable().optional(),
});
export type StoredConfirmation = z.infer<typeof StoredConfirmation>;

/** The confirmation beside a catalogue; none, or one unreadable, is none (the rows' own time stands). */
export async function readConfirmed(catalogue: string): Promise<StoredConfirmation | undefined> {
  try {
    const parsed = StoredConfirmation.safeParse(JSON.parse(await readFile(confirmedFile(catalogue), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When the copy was last synced: the confirmation of these rows is the later word whatever the clock said (one put
 * right since a fast morning dates it earlier); one of other rows confirms nothing. One written before it named its
 * rows: the later of the two.
 */
export function syncedAtOf(rowsSyncedAt: number | null, confirmed: StoredConfirmation | undefined): number | null {
  if (confirmed?.rows === undefined) return Math.max(rowsSyncedAt ?? 0, confirmed?.syncedAt ?? 0) || null;
  return confirmed.rows === rowsSyncedAt ? confirmed.syncedAt : rowsSyncedAt;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a copy of another address is kept after it was last written or opened (see docs/decisions.md). */
export const OTHER_ADDRESS_KEPT_MS = 30 * DAY_MS;

/**
 * Tidies the environment's files when it opens its catalogue at an address: that address's file is marked in
 * use (its mtime brought to now, at most once a day, so an unchanged shop's start still rewrites nothing), and
 * the files of other addresses unused for longer than OTHER_ADDRESS_KEPT_MS are removed. Says which it removed.
 */
export async function tidyAddresses(
  dataDir: string,
  environmentId: EnvironmentId,
  current: string,
  now: number,
): Promise<string[]> {
  const ofEnvironment = new RegExp(`^catalogue-${environmentId}-[0-9a-f]{16}\\.jsonl$`);
  const names = (await readdir(dataDir)).filter((name) => ofEnvironment.test(name));
  const removed: string[] = [];
  await Promise.all(
    names.map(async (name) => {
      const path = join(dataDir, name);
      const age = now - (await stat(path)).mtimeMs;
      if (name === basename(current)) {
        if (age > DAY_MS) await utimes(path, new Date(now), new Date(now));
      } else if (age > OTHER_ADDRESS_KEPT_MS) {
        await Promise.all([rm(path, { force: true }), rm(confirmedFile(path), { force: true })]);
        removed.push(name);
      }
    }),
  );
  return removed;
}

/**
 * Resolves on a later turn of the loop, after its timers: a setImmediate asked for while the loop handles I/O
 * runs in that same turn, so a second one follows it.
 */
export const yieldToLoop = () =>
  new Promise<void>((resolve) => {
    setImmediate(() => setImmediate(resolve));
  });

/** The header of a stored file, judged before its pages are read. */
function judgeHeader(raw: unknown, environmentId: EnvironmentId, baseUrl: string): FileProblem | undefined {
  if (typeof raw !== 'object' || raw === null || !('format' in raw) || raw.format !== FORMAT) return 'not_recognised';
  const version = 'version' in raw ? raw.version : undefined;
  if (typeof version === 'number' && version > VERSION) return 'newer_version';
  if (version !== VERSION) return 'unknown_version';
  if (!('environmentId' in raw) || raw.environmentId !== environmentId) return 'not_recognised';
  if (!('baseUrl' in raw) || raw.baseUrl !== baseUrl) return 'not_recognised';
  return undefined;
}

/** `cut`: the copy could be read only up to this page (from 1), and was kept as `backup`. */
export type CatalogueRead =
  | { ok: true; value: StoredCatalogue | undefined; cut?: { page: number; backup: string } }
  | { ok: false; problem: FileProblem; backup: string };

/**
 * Reads a stored catalogue: none yet is `undefined`; a damaged or foreign file is moved aside
 * (never deleted) and reported; one damaged or cut off after its header keeps the pages before the
 * damage, marked incomplete (the next sync brings the rest), and the file as it was is moved aside.
 * Pages are parsed and validated one at a time, yielding between them, so a large catalogue never
 * holds the main process for long.
 */
export async function readCatalogue(
  filePath: string,
  environmentId: EnvironmentId,
  baseUrl: string,
  now: number,
): Promise<CatalogueRead> {
  const refuse = (problem: FileProblem): CatalogueRead => ({
    ok: false,
    problem,
    backup: basename(moveAside(filePath, now)),
  });
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, value: undefined };
    // A folder where the file belongs, a file this user may not read, one too large to read: kept aside as a
    // damaged one is, and said, rather than met only when the first save fails.
    return refuse('not_recognised');
  }
  // JSON Lines: the header, then one page a line, each parsed and checked on its own with a yield
  // after it (20 pages of 100 held the loop about 10 ms), so 100,000 animals never sit in one JSON.parse.
  const lines = text.split('\n').filter((line) => line !== '');
  const parse = (line: string | undefined): { ok: true; value: unknown } | { ok: false } => {
    try {
      return { ok: true, value: JSON.parse(line ?? '') };
    } catch {
      return { ok: false };
    }
  };
  const head = parse(lines[0]);
  if (!head.ok) return refuse('not_json');
  const problem = judgeHeader(head.value, environmentId, baseUrl);
  if (problem) return refuse(problem);
  const header = StoredCatalogue.omit({ pages: true }).safeParse(head.value);
  if (!header.success) return refuse('not_recognised');
  const read: StoredPage[] = [];
  for (const [index, line] of lines.slice(1).entries()) {
    const page = parse(line);
    const parsed = page.ok ? StoredPage.safeParse(page.value) : undefined;
    if (!parsed?.success) {
      // Cut off mid-write, or damaged here: the pages before are the shop as far as it was kept.
      const cut = { page: index + 1, backup: basename(moveAside(filePath, now)) };
      return { ok: true, value: { ...header.data, completeness: 'copy_cut_short', pages: read }, cut };
    }
    read.push(parsed.data);
    await yieldToLoop();
  }
  // A whole shop's last page links no page the file lacks: one that does lost the pages after it (cut at a line's end).
  // A sync always writes its first page, so a synced copy with none lost them all.
  const last = read.at(-1);
  const lost = last?.next !== undefined && last.pets.length > 0 && !read.some((page) => page.url === last.next);
  if ((lost && header.data.completeness === 'complete') || (!last && header.data.syncedAt !== null)) {
    return { ok: true, value: { ...header.data, completeness: 'copy_cut_short', pages: read } };
  }
  return { ok: true, value: { ...header.data, pages: read } };
}

/** The file's text: the header line, then a line per page, yielding every few pages (one JSON.stringify of 100,000 rows would not). */
export async function serialiseCatalogue(catalogue: StoredCatalogue): Promise<string> {
  // Not on the turn of the change that asked for the save: that one also tells the screens.
  await yieldToLoop();
  const { pages, ...header } = catalogue;
  const lines = [JSON.stringify(header)];
  for (const [index, page] of pages.entries()) {
    lines.push(JSON.stringify(page));
    if (index % 5 === 4) await yieldToLoop();
  }
  return `${lines.join('\n')}\n`;
}
