import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ListQuery,
  ListQueryParams,
  listQuerySearch,
  NewPet,
  Pet,
  PetStatus,
  WireNewPet,
  WirePets,
} from './index';

/** Rows straight from the spec's tables: what a counter clerk could send, and whether the service contract allows it. */
describe('NewPet, as the spec defines it', () => {
  const cases: Array<[string, unknown, boolean]> = [
    ['name and category', { name: 'Rex', categoryId: '1' }, true],
    ['with each status', { name: 'Rex', categoryId: '1', status: 'sold' }, true],
    ['missing name', { categoryId: '1' }, false],
    ['missing categoryId', { name: 'Rex' }, false],
    ['blank name', { name: '   ', categoryId: '1' }, false],
    ['name as a number', { name: 42, categoryId: '1' }, false],
    ['categoryId with a fraction', { name: 'Rex', categoryId: '2.5' }, false],
    ['categoryId as words', { name: 'Rex', categoryId: 'abc' }, false],
    ['categoryId as a JS number', { name: 'Rex', categoryId: 1 }, false],
    ['unknown status', { name: 'Rex', categoryId: '1', status: 'lost' }, false],
    ['an unknown field', { name: 'Rex', categoryId: '1', colour: 'brown' }, false],
    ['categoryId beyond int64', { name: 'Rex', categoryId: '9223372036854775808' }, false],
    ['non-ASCII name', { name: 'Ñandú 🐦', categoryId: '9223372036854775807' }, true],
    ['categoryId zero', { name: 'Rex', categoryId: '0' }, false],
    ['categoryId negative', { name: 'Rex', categoryId: '-9223372036854775808' }, false],
  ];
  it.each(cases)('%s', (_label, input, accepted) => {
    expect(NewPet.safeParse(input).success).toBe(accepted);
  });

  it('tells which field is wrong', () => {
    const result = NewPet.safeParse({ name: '', categoryId: 'x' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['name', 'categoryId']));
  });
});

describe('PetStatus', () => {
  it('is exactly available, pending, sold', () => {
    expect(PetStatus.options).toEqual(['available', 'pending', 'sold']);
  });
});

describe('the list query (limit 1..100, default 20, optional status)', () => {
  const limits: Array<[unknown, boolean]> = [
    [0, false],
    [1, true],
    [20, true],
    [100, true],
    [101, false],
    [2.5, false],
    ['abc', false],
    [-1, false],
  ];
  it.each(limits)('limit %s accepted: %s', (limit, accepted) => {
    expect(ListQuery.safeParse({ limit }).success).toBe(accepted);
  });

  it('defaults the limit to 20', () => {
    expect(ListQuery.parse({})).toEqual({ limit: 20 });
  });

  it('refuses an unknown status', () => {
    expect(ListQuery.safeParse({ status: 'lost' }).success).toBe(false);
  });

  const params: Array<[Record<string, unknown>, boolean]> = [
    [{}, true],
    [{ limit: '1' }, true],
    [{ limit: '100' }, true],
    [{ limit: '0' }, false],
    [{ limit: '101' }, false],
    [{ limit: '2.5' }, false],
    [{ limit: 'abc' }, false],
    [{ limit: '1e2' }, false],
    [{ limit: ['5', '6'] }, false],
    [{ status: 'pending' }, true],
    [{ status: 'lost' }, false],
    [{ page: '2' }, false],
  ];
  it.each(params)('query string %j accepted: %s', (input, accepted) => {
    expect(ListQueryParams.safeParse(input).success).toBe(accepted);
  });
});

describe('the query string the app sends for a list', () => {
  it('reads back, through the service rules, as the very query it came from, for every status and limit', () => {
    for (const status of [undefined, ...PetStatus.options]) {
      for (let limit = 1; limit <= 100; limit++) {
        const query = ListQuery.parse({ limit, status });
        const params = Object.fromEntries(new URLSearchParams(listQuerySearch(query)));
        expect(ListQuery.parse(ListQueryParams.parse(params))).toEqual(query);
      }
    }
  });
});

describe('Pet and Error as the service sends them', () => {
  it('reads a Pets array, dropping fields it does not know', () => {
    const pets = WirePets.parse([{ id: 7, name: 'Rex', categoryId: 2, status: 'available', colour: 'brown' }]);
    expect(pets).toEqual([{ id: '7', name: 'Rex', categoryId: '2', status: 'available' }]);
  });

  it('accepts a Pet without status (the field is optional)', () => {
    expect(Pet.safeParse({ id: '1', name: 'Rex', categoryId: '2' }).success).toBe(true);
  });

  it('refuses a Pet whose id is missing or fractional', () => {
    expect(WirePets.safeParse([{ name: 'Rex', categoryId: 2 }]).success).toBe(false);
    expect(WirePets.safeParse([{ id: 1.5, name: 'Rex', categoryId: 2 }]).success).toBe(false);
  });

  it('requires code, message and status on an Error', () => {
    expect(ApiError.safeParse({ code: 'not_found', message: 'No such animal', status: 404 }).success).toBe(true);
    expect(ApiError.safeParse({ code: 'not_found', message: 'No such animal' }).success).toBe(false);
  });

  it('refuses a NewPet body with an unknown field on the service side', () => {
    expect(WireNewPet.safeParse({ name: 'Rex', categoryId: 1, id: 5 }).success).toBe(false);
  });
});
