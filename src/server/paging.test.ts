import { describe, expect, it } from 'vitest';
import { WirePets, type PetStatus } from '../shared';
import { expectError, serviceForTests } from './test-support';

const STATUSES: PetStatus[] = ['available', 'pending', 'sold'];
// 95 animals with small ids, then 40 beyond 2^53, so the cursor must be exact.
const SEED = [
  ...Array.from({ length: 95 }, (_, i) => ({ name: `Low ${i}`, categoryId: '1', status: STATUSES[i % 3] })),
  ...Array.from({ length: 40 }, (_, i) => ({
    id: String(9007199254740993n + BigInt(i)),
    name: `High ${i}`,
    categoryId: '1',
    status: STATUSES[i % 3],
  })),
];
const { call } = serviceForTests({ initialPets: SEED });

function nextOf(link: string | null): string | undefined {
  const match = link === null ? null : /^<\/v1(\/pets\?[^>]*)>; rel="next"$/.exec(link);
  return match?.[1];
}

/** Follows rel="next" from the first page until there is none, as a client would. */
async function walk(first: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let path: string | undefined = first;
  let pages = 0;
  while (path !== undefined) {
    const answer = await call('GET', path);
    expect(answer.status, answer.text).toBe(200);
    ids.push(...WirePets.parse(answer.body).map((pet) => pet.id));
    path = nextOf(answer.headers.get('link'));
    pages++;
  }
  return { ids, pages };
}

describe('paging through the list with Link: rel="next"', () => {
  it('visits every animal exactly once, in id order, ids beyond 2^53 exact', async () => {
    const all = WirePets.parse((await call('GET', '/pets?limit=100')).body);
    const { ids, pages } = await walk('/pets?limit=7');
    expect(ids).toHaveLength(135);
    expect(new Set(ids).size).toBe(135);
    expect(ids.slice(0, 100)).toEqual(all.map((pet) => pet.id));
    expect(ids.at(-1)).toBe(String(9007199254740993n + 39n));
    expect(pages).toBe(Math.ceil(135 / 7));
  });

  it.each(STATUSES)('keeps the status filter and size on every page (%s)', async (status) => {
    const { ids } = await walk(`/pets?limit=5&status=${status}`);
    const names = SEED.filter((pet) => pet.status === status).map((pet) => pet.name);
    expect(ids).toHaveLength(names.length);
    expect(new Set(ids).size).toBe(names.length);
  });

  it('sends the next link with the size, filter and last id of a full page', async () => {
    const answer = await call('GET', '/pets?status=sold&limit=2');
    expect(answer.headers.get('link')).toBe('</v1/pets?limit=2&status=sold&after=6>; rel="next"');
    expect((await call('GET', '/pets?limit=20')).headers.get('link')).toBe('</v1/pets?limit=20&after=20>; rel="next"');
  });

  it('sends no link after a page that is not full', async () => {
    const last = await call('GET', `/pets?limit=100&after=${9007199254740993n + 30n}`);
    expect(WirePets.parse(last.body)).toHaveLength(9);
    expect(last.headers.get('link')).toBeNull();
  });

  it('starts after any int64, an id nobody has or a negative one included', async () => {
    expect(WirePets.parse((await call('GET', '/pets?limit=3&after=-9223372036854775808')).body)[0]?.id).toBe('1');
    expect(WirePets.parse((await call('GET', '/pets?after=9223372036854775807')).body)).toEqual([]);
  });

  it.each(['abc', '1.5', '-0', '+1', '01', '', '9223372036854775808', '1e3'])(
    'refuses after=%j with 400',
    async (after) => {
      expect(expectError(await call('GET', `/pets?after=${after}`), 400).message).toMatch(/after/);
    },
  );

  it('refuses a repeated after', async () => {
    expectError(await call('GET', '/pets?after=1&after=2'), 400);
  });
});
