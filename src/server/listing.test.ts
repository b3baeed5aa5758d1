import { describe, expect, it } from 'vitest';
import { PET_STATUSES, WirePets } from '../shared';
import { expectError, serviceForTests } from './test-support';

const { call } = serviceForTests({
  // 150 animals, statuses in turn, so every limit boundary and filter has more than it may return.
  initialPets: Array.from({ length: 150 }, (_, i) => ({
    name: `Animal ${i + 1}`,
    categoryId: String(1 + (i % 5)),
    status: PET_STATUSES[i % 3],
  })),
});

async function list(query: string) {
  const answer = await call('GET', `/pets${query}`);
  expect(answer.status, answer.text).toBe(200);
  return WirePets.parse(answer.body);
}

describe('listing animals', () => {
  it('returns 20 by default, in id order', async () => {
    const pets = await list('');
    expect(pets).toHaveLength(20);
    expect(pets.map((pet) => pet.id)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['20', 20],
    ['99', 99],
    ['100', 100],
  ])('returns exactly limit=%s animals', async (limit, expected) => {
    expect(await list(`?limit=${limit}`)).toHaveLength(expected);
  });

  it.each(['0', '101', '-1', '2.5', 'abc', '', '1e2', '+5', ' 5', '0x10', '00001', '1000000'])(
    'refuses limit=%j with 400',
    async (limit) => {
      const error = expectError(await call('GET', `/pets?limit=${encodeURIComponent(limit)}`), 400);
      expect(error.message).toMatch(/limit/i);
    },
  );

  it('refuses a repeated limit', async () => {
    expectError(await call('GET', '/pets?limit=5&limit=6'), 400);
  });

  it.each(PET_STATUSES)('filters by status=%s', async (status) => {
    const pets = await list(`?status=${status}&limit=100`);
    expect(pets).toHaveLength(50);
    expect(pets.every((pet) => pet.status === status)).toBe(true);
    const ids = pets.map((pet) => BigInt(pet.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('applies the limit after the filter', async () => {
    const pets = await list('?status=sold&limit=3');
    expect(pets.map((pet) => pet.name)).toEqual(['Animal 3', 'Animal 6', 'Animal 9']);
  });

  it.each(['unknown', 'Available', '', 'sold,pending'])('refuses status=%j with 400', async (status) => {
    const error = expectError(await call('GET', `/pets?status=${encodeURIComponent(status)}`), 400);
    expect(error.message).toMatch(/status/);
  });

  it('refuses an unknown query parameter, so a typo never returns the whole list', async () => {
    const error = expectError(await call('GET', '/pets?stauts=sold'), 400);
    expect(error.message).toContain('stauts');
  });

  it('answers the same order every time', async () => {
    expect(await list('?limit=100')).toEqual(await list('?limit=100'));
  });
});
