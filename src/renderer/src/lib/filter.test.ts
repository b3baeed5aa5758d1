import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared/pet';
import { withJustAdded } from './filter';

const rex: Pet = { id: '1', name: 'Rex', categoryId: '2', status: 'available' };
const rexina: Pet = { id: '9007199254740993', name: 'Rexina', categoryId: '2', status: 'sold' };
const tom: Pet = { id: '3', name: 'Tom', categoryId: '1', status: 'pending' };

describe('animals added in this session', () => {
  it('show first, once, and only under a status filter they match', () => {
    expect(withJustAdded([rex, tom], [rexina, rex])).toEqual([rexina, rex, tom]);
    expect(withJustAdded([tom], [rexina, rex], 'available')).toEqual([rex, tom]);
  });
});
