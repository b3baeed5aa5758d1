import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppNotice } from '../../shared';
import { openConfStore, openDocument } from './json-store';
import { emptyCache, ListCache, readCache } from './list-cache';
import { tempDir } from './test-support';

const dirs: Array<{ remove: () => void }> = [];
afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

function cacheIn(dataDir: string, maxEntries = 3, notices: AppNotice[] = [], writeDelayMs = 200): ListCache {
  const file = openDocument({
    open: openConfStore,
    dataDir,
    name: 'cache',
    file: 'saved_lists',
    read: readCache,
    defaults: emptyCache,
    now: Date.now,
    notify: (notice) => notices.push(notice),
    onWriteError: () => undefined,
  });
  return new ListCache(file, maxEntries, writeDelayMs);
}

const rex = [{ id: '1', name: 'Rex', categoryId: '1' }];

describe('the list cache', () => {
  it('keeps one entry per environment, status and limit, and survives a restart', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const cache = cacheIn(dir.path);
    cache.put('demo', { limit: 20 }, rex, 1000);
    cache.put('demo', { limit: 20, status: 'sold' }, [], 2000);
    cache.put('staging', { limit: 20 }, [], 3000);
    await cache.flush();

    const again = cacheIn(dir.path);
    expect(again.get('demo', { limit: 20 })).toEqual({
      environmentId: 'demo',
      query: { limit: 20 },
      pets: rex,
      fetchedAt: 1000,
    });
    expect(again.get('demo', { limit: 20, status: 'sold' })?.fetchedAt).toBe(2000);
    expect(again.get('demo', { limit: 50 })).toBeUndefined();
    expect(again.forEnvironment('staging').map((entry) => entry.fetchedAt)).toEqual([3000]);
  });

  it('is bounded: the least recently fetched entry goes first', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const cache = cacheIn(dir.path, 2);
    cache.put('demo', { limit: 1 }, rex, 1);
    cache.put('demo', { limit: 2 }, rex, 2);
    cache.put('demo', { limit: 1 }, rex, 3);
    cache.put('demo', { limit: 3 }, rex, 4);
    await cache.flush();
    expect(cache.get('demo', { limit: 2 })).toBeUndefined();
    expect(
      cacheIn(dir.path)
        .forEnvironment('demo')
        .map((entry) => entry.query.limit),
    ).toEqual([3, 1]);
  });

  it('a save that cannot reach the disk becomes a notice, and nothing throws', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const notices: AppNotice[] = [];
    const cache = cacheIn(dir.path, 3, notices, 5);
    // The file's place is taken by a folder, and the data folder is read-only: no write can land.
    rmSync(join(dir.path, 'cache.json'), { force: true });
    mkdirSync(join(dir.path, 'cache.json'));
    chmodSync(dir.path, 0o500);
    try {
      cache.put('demo', { limit: 20 }, rex, 1000);
      // The timer's write runs on its own; an uncaught failure here would fail the run.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await cache.flush();
    } finally {
      chmodSync(dir.path, 0o700);
    }
    expect(notices.map((notice) => [notice.id, notice.level])).toEqual([['write-failed-cache', 'error']]);
    expect(cache.get('demo', { limit: 20 })?.pets).toEqual(rex);
  });
});
