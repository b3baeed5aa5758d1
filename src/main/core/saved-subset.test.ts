import { describe, expect, it } from 'vitest';
import type { ListQuery, Pet, PetStatus } from '../../shared';
import type { CacheEntry } from './list-cache';
import { savedSubset } from './saved-subset';

const pet = (id: number, status: PetStatus): Pet => ({ id: String(id), name: `Animal ${id}`, categoryId: '1', status });
const saved = (query: ListQuery, pets: Pet[], fetchedAt = 1): CacheEntry => ({
  environmentId: 'demo',
  query,
  pets,
  fetchedAt,
});
const ids = (pets: Pet[] | undefined) => pets?.map((one) => one.id);

// The shop's first animals in id order: 1 sold, 2 available, 3 sold, 4 pending, 5 sold.
const shop = [pet(1, 'sold'), pet(2, 'available'), pet(3, 'sold'), pet(4, 'pending'), pet(5, 'sold')];

describe('answering a query never saved from a saved list that contains it', () => {
  it('takes the sold animals of the saved "All" list, first by id, up to the limit', () => {
    const subset = savedSubset([saved({ limit: 20 }, [...shop].reverse())], { limit: 2, status: 'sold' });
    expect(ids(subset?.pets)).toEqual(['1', '3']);
    expect(subset?.mayBeIncomplete).toBe(false);
  });

  it('says the subset may be incomplete when the All list was a full page and too few matched', () => {
    const full = saved({ limit: 5 }, shop);
    expect(savedSubset([full], { limit: 20, status: 'sold' })).toMatchObject({ mayBeIncomplete: true });
    // Enough matched before the All list ended: those are the first sold animals, whatever came after.
    expect(savedSubset([full], { limit: 2, status: 'sold' })).toMatchObject({ mayBeIncomplete: false });
  });

  it('takes a smaller page from a saved list of the same status with more rows', () => {
    const subset = savedSubset([saved({ limit: 50, status: 'sold' }, [pet(1, 'sold'), pet(3, 'sold')])], {
      limit: 1,
      status: 'sold',
    });
    expect(ids(subset?.pets)).toEqual(['1']);
    expect(subset?.entry.query).toEqual({ limit: 50, status: 'sold' });
  });

  it('prefers a complete answer to one that may be incomplete, then the newest', () => {
    const fullAll = saved({ limit: 5 }, shop, 30);
    const moreSold = saved({ limit: 100, status: 'sold' }, [pet(1, 'sold'), pet(3, 'sold'), pet(5, 'sold')], 10);
    expect(savedSubset([fullAll, moreSold], { limit: 20, status: 'sold' })?.entry).toBe(moreSold);
  });

  it('finds nothing in lists that do not contain the query', () => {
    expect(savedSubset([saved({ limit: 20, status: 'sold' }, [pet(1, 'sold')])], { limit: 20 })).toBeUndefined();
    expect(savedSubset([saved({ limit: 20, status: 'sold' }, [])], { limit: 20, status: 'pending' })).toBeUndefined();
    expect(savedSubset([saved({ limit: 10 }, shop)], { limit: 20 })).toBeUndefined();
    expect(savedSubset([], { limit: 20, status: 'sold' })).toBeUndefined();
  });
});
