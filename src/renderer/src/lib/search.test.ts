import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import { foldForSearch, searchRows } from './search';

const rex: Pet = { id: '12', name: 'Rex', categoryId: '2', status: 'available' };
const zoe: Pet = { id: '9007199254740993', name: 'Zoë', categoryId: '4', status: 'sold' };
const rex12: Pet = { id: '3', name: 'Rex 12', categoryId: '1', status: 'pending' };
const savedOnly: Pet = { id: '9007199254740992', name: 'Zoé the second', categoryId: '4', status: 'sold' };

describe('the search box', () => {
  it('finds a name whatever its case and accents', () => {
    expect(foldForSearch('  ZOË ')).toBe('zoe');
    expect(searchRows([rex, zoe], [], 'zoe').map((row) => row.pet)).toEqual([zoe]);
    expect(searchRows([rex, zoe], [], 'ZOË').map((row) => row.pet)).toEqual([zoe]);
  });

  it('finds an id exactly, beyond 2^53 too, and digits inside a name', () => {
    expect(searchRows([rex, zoe, rex12], [], '12').map((row) => row.pet)).toEqual([rex, rex12]);
    expect(
      searchRows([rex, zoe], [{ pet: savedOnly, fetchedAt: 5 }], '9007199254740993').map((row) => row.pet),
    ).toEqual([zoe]);
    expect(searchRows([rex, zoe], [], '1')).toEqual([]);
  });

  it('looks in the saved lists too, marks what comes from them, and shows each animal once', () => {
    const found = searchRows(
      [rex, zoe],
      [
        { pet: zoe, fetchedAt: 1 },
        { pet: savedOnly, fetchedAt: 7 },
      ],
      'zo',
    );
    expect(found).toEqual([{ pet: zoe }, { pet: savedOnly, savedAt: 7 }]);
  });

  it('shows the rows as they are when the box is empty', () => {
    expect(searchRows([rex, zoe], [{ pet: savedOnly, fetchedAt: 1 }], '  ')).toEqual([{ pet: rex }, { pet: zoe }]);
  });
});
