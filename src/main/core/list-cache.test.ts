import { afterEach, describe, expect, it } from 'vitest';
import { openConfStore, openDocument } from './json-store';
import { emptyCache, ListCache, readCache } from './list-cache';
import { tempDir } from './test-support';

const dirs: Array<{ remove: () => void }> = [];
afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

function cacheIn(dataDir: string, maxEntries = 3): ListCache {
  const file = openDocument({
    open: openConfStore,
    dataDir,
    name: 'cache',
    label: 'file of saved lists',
    read: readCache,
    defaults: emptyCache,
    now: Date.now,
    notify: () => undefined,
  });
  return new ListCache(file, maxEntries);
}

const rex = [{ id: '1', name: 'Rex', categoryId: '1' }];

describe('the list cache', () => {
  it('keeps one entry per environment, status and limit, and survives a restart', () => {
    const dir = tempDir();
    dirs.push(dir);
    const cache = cacheIn(dir.path);
    cache.put('demo', { limit: 20 }, rex, 1000);
    cache.put('demo', { limit: 20, status: 'sold' }, [], 2000);
    cache.put('staging', { limit: 20 }, [], 3000);
    cache.flush();

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

  it('is bounded: the least recently fetched entry goes first', () => {
    const dir = tempDir();
    dirs.push(dir);
    const cache = cacheIn(dir.path, 2);
    cache.put('demo', { limit: 1 }, rex, 1);
    cache.put('demo', { limit: 2 }, rex, 2);
    cache.put('demo', { limit: 1 }, rex, 3);
    cache.put('demo', { limit: 3 }, rex, 4);
    cache.flush();
    expect(cache.get('demo', { limit: 2 })).toBeUndefined();
    expect(
      cacheIn(dir.path)
        .forEnvironment('demo')
        .map((entry) => entry.query.limit),
    ).toEqual([3, 1]);
  });
});
