import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import { nextSortOrder, readSortOrder, saveSortOrder, sortRows } from './sort';

const pet = (id: string, name: string, categoryId: string, status?: Pet['status']): { pet: Pet } => ({
  pet: { id, name, categoryId, ...(status && { status }) },
});
const big = pet('9007199254740993', 'Émile', '10', 'sold');
const bigMinusOne = pet('9007199254740992', 'zebra', '9', 'available');
const small = pet('2', 'Anna', '10', 'pending');
const collator = new Intl.Collator('en');

describe('sorting the rows', () => {
  it('sorts ids as exact numbers, beyond 2^53 and unlike text', () => {
    const ids = (rows: { pet: Pet }[]) => rows.map((row) => row.pet.id);
    expect(ids(sortRows([big, small, bigMinusOne], { key: 'id', direction: 'ascending' }, collator))).toEqual([
      '2',
      '9007199254740992',
      '9007199254740993',
    ]);
    expect(ids(sortRows([small, bigMinusOne, big], { key: 'id', direction: 'descending' }, collator))[0]).toBe(
      '9007199254740993',
    );
  });

  it('sorts names by the language’s collation, categories as numbers, statuses in their order', () => {
    const names = sortRows([bigMinusOne, big, small], { key: 'name', direction: 'ascending' }, collator);
    expect(names.map((row) => row.pet.name)).toEqual(['Anna', 'Émile', 'zebra']);
    const categories = sortRows([big, bigMinusOne, small], { key: 'category', direction: 'ascending' }, collator);
    expect(categories.map((row) => row.pet.categoryId)).toEqual(['9', '10', '10']);
    const statuses = sortRows([big, small, bigMinusOne], { key: 'status', direction: 'ascending' }, collator);
    expect(statuses.map((row) => row.pet.status)).toEqual(['available', 'pending', 'sold']);
  });

  it('keeps the service’s order until a column is chosen, and a third click returns to it', () => {
    expect(sortRows([big, small], null, collator)).toEqual([big, small]);
    const first = nextSortOrder(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'ascending' });
    const second = nextSortOrder(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSortOrder(second, 'name')).toBeNull();
    expect(nextSortOrder(second, 'id')).toEqual({ key: 'id', direction: 'ascending' });
  });

  it('is remembered per environment, and an unreadable memory is no order', () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    };
    saveSortOrder(storage, 'demo', { key: 'status', direction: 'descending' });
    expect(readSortOrder(storage, 'demo')).toEqual({ key: 'status', direction: 'descending' });
    expect(readSortOrder(storage, 'staging')).toBeNull();
    memory.set('sort:staging', '{not json');
    expect(readSortOrder(storage, 'staging')).toBeNull();
    memory.set('sort:staging', '{"key":"price","direction":"up"}');
    expect(readSortOrder(storage, 'staging')).toBeNull();
    saveSortOrder(storage, 'demo', null);
    expect(readSortOrder(storage, 'demo')).toBeNull();
  });
});
