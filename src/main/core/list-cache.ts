import { z } from 'zod';
import { EnvironmentId, ListQuery, Pets, type Pet } from '../../shared';
import type { OpenedDocument, ReadOutcome } from './json-store';

const CACHE_MAX_ENTRIES = 50;

const CacheEntry = z.object({
  environmentId: EnvironmentId,
  query: ListQuery,
  pets: Pets,
  fetchedAt: z.int().nonnegative(),
});
export type CacheEntry = z.infer<typeof CacheEntry>;

const CacheDocument = z.strictObject({ version: z.literal(1), entries: z.array(CacheEntry) });
type CacheDocument = z.infer<typeof CacheDocument>;

export const emptyCache = (): CacheDocument => ({ version: 1, entries: [] });

export function readCache(raw: Record<string, unknown>): ReadOutcome<CacheDocument> {
  if (Object.keys(raw).length === 0) return { ok: true, value: emptyCache(), migrated: true };
  const parsed = CacheDocument.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data, migrated: false } : { ok: false, problem: 'not_recognised' };
}

/** One entry per environment, status and limit: environments never share an entry. */
function keyOf(environmentId: EnvironmentId, query: ListQuery): string {
  return `${environmentId}|${query.status ?? '*'}|${query.limit}`;
}

/**
 * The last list fetched for each (environment, status, limit), bounded: the
 * least recently fetched entry goes first. Writes are batched shortly after a
 * change, off the list's path; a cache lost to a crash costs only a refetch.
 */
export class ListCache {
  private readonly entries = new Map<string, CacheEntry>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly file: OpenedDocument<CacheDocument>,
    private readonly maxEntries = CACHE_MAX_ENTRIES,
    private readonly writeDelayMs = 200,
  ) {
    const sorted = [...file.value.entries].sort((a, b) => a.fetchedAt - b.fetchedAt);
    for (const entry of sorted) this.entries.set(keyOf(entry.environmentId, entry.query), entry);
  }

  get(environmentId: EnvironmentId, query: ListQuery): CacheEntry | undefined {
    return this.entries.get(keyOf(environmentId, query));
  }

  /** Every cached list of one environment, newest first. */
  forEnvironment(environmentId: EnvironmentId): CacheEntry[] {
    return [...this.entries.values()].filter((entry) => entry.environmentId === environmentId).reverse();
  }

  put(environmentId: EnvironmentId, query: ListQuery, pets: Pet[], fetchedAt: number): void {
    const key = keyOf(environmentId, query);
    // Re-inserting moves the entry to the end, so the Map stays in fetch order.
    this.entries.delete(key);
    this.entries.set(key, { environmentId, query, pets, fetchedAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.timer ??= setTimeout(() => {
      this.save();
    }, this.writeDelayMs);
  }

  /** Writes any change still waiting for its timer, and resolves once it is on disk (or reported). */
  async flush(): Promise<void> {
    if (this.timer !== undefined) this.save();
    await this.file.flush();
  }

  /** The write itself never throws: a failure becomes a notice (see DocumentWriter). */
  private save(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.file.save({ version: 1, entries: [...this.entries.values()] });
  }
}
