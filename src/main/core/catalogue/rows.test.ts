import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared';
import { CatalogueRows } from './rows';
import type { StoredPage } from './stored';

/** A large shop's synced pages: ids 1 to `count`, 100 a page. */
const pages = (count: number): StoredPage[] =>
  Array.from({ length: Math.ceil(count / 100) }, (_, page) => ({
    url: `https://shop.example/v1/pets?limit=100&page=${String(page)}`,
    pets: Array.from({ length: Math.min(100, count - page * 100) }, (_, index) => {
      const id = String(page * 100 + index + 1);
      return { id, name: `Animal ${id}`, categoryId: '1' };
    }),
  }));

describe('the rows of a large shop, built while the app goes on', () => {
  it('keeps an animal added while a sync’s rows are being built, and answers from the old rows meanwhile', async () => {
    const rows = await CatalogueRows.of(pages(300), []);
    const since = rows.mark();
    const building = rows.rebuild(pages(5_000), since);
    const added: Pet = { id: '5001', name: 'Newcomer', categoryId: '3' };
    expect(rows.put(added)).toBe('added');
    expect(rows.size).toBe(301);
    await building;
    expect(rows.size).toBe(5_001);
    expect(rows.get('5001')).toEqual(added);
    expect(rows.all().at(-1)).toEqual(added);
  });

  it('reads back what it stored: a correction put after the sync wins over its page’s older copy', async () => {
    const rows = await CatalogueRows.of(pages(300), []);
    expect(rows.put({ id: '2', name: 'Renamed', categoryId: '1', status: 'sold' })).toBe('corrected');
    const readBack = await CatalogueRows.of(pages(300), rows.extras());
    expect(readBack.get('2')).toEqual(rows.get('2'));
    expect(readBack.all()).toEqual(rows.all());
  });
});
