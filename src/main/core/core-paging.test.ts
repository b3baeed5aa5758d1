import { describe, expect, it } from 'vitest';
import type { PetList, PetPage } from '../../shared';
import { KEY, faults, folder, openCore, service, type Harness } from './test-support/harness';
import { sendJson } from './test-support';

const animals = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ name: `Animal ${index + 1}`, categoryId: '1' }));

/** "Load more" until the service links to no further page, as the clerk would click it. */
async function loadToTheEnd({ invoke }: Harness, first: PetList): Promise<{ names: string[]; pages: PetPage[] }> {
  const names = first.pets.map((pet) => pet.name);
  const pages: PetPage[] = [];
  for (let next = first.next; next !== undefined;) {
    const page = await invoke('listMorePets', { query: first.query, next });
    pages.push(page);
    names.push(...page.pets.map((pet) => pet.name));
    next = page.next;
  }
  return { names, pages };
}

describe('paging through the list with the service’s Link: rel="next"', () => {
  it('loads more until the last page, which links to none, each animal once', async () => {
    const running = await service({ initialPets: animals(5) });
    const harness = await openCore(folder(), running.url);
    const first = await harness.invoke('listPets', { query: { limit: 2 } });
    expect(first.pets).toHaveLength(2);
    expect(first.next).toBe(`${running.url}/pets?limit=2&after=${first.pets[1]?.id ?? ''}`);

    const { names, pages } = await loadToTheEnd(harness, first);
    expect(names).toEqual(['Animal 1', 'Animal 2', 'Animal 3', 'Animal 4', 'Animal 5']);
    expect(pages.map((page) => page.pets.length)).toEqual([2, 1]);
    expect(pages.at(-1)?.next).toBeUndefined();
  });

  it('pages through ids beyond 2^53 exactly: no animal skipped or shown twice', async () => {
    // From 2^53 on, so each page ends on an odd id that a JavaScript number would round.
    const ids = [0n, 1n, 2n, 3n, 4n].map((step) => String(9007199254740992n + step));
    const running = await service({
      initialPets: ids.map((id, index) => ({ id, name: `Big ${index}`, categoryId: '1' })),
    });
    const harness = await openCore(folder(), running.url);
    const first = await harness.invoke('listPets', { query: { limit: 2 } });
    const { pages } = await loadToTheEnd(harness, first);
    expect([first, ...pages].flatMap((page) => page.pets.map((pet) => pet.id))).toEqual(ids);
  });

  it('follows the filter and page size, and a full last page leads to an empty one that ends it', async () => {
    const running = await service({ initialPets: [...animals(4)].map((pet) => ({ ...pet, status: 'sold' as const })) });
    const harness = await openCore(folder(), running.url);
    const first = await harness.invoke('listPets', { query: { limit: 2, status: 'sold' } });
    const { names, pages } = await loadToTheEnd(harness, first);
    expect(names).toHaveLength(4);
    expect(pages.map((page) => page.pets.length)).toEqual([2, 0]);
  });

  it('saves only the first page: the saved copy is what the list showed first', async () => {
    const running = await service({ initialPets: animals(3) });
    const harness = await openCore(folder(), running.url);
    const first = await harness.invoke('listPets', { query: { limit: 2 } });
    await loadToTheEnd(harness, first);
    const saved = await harness.invoke('getCachedPets', { query: { limit: 2 } });
    expect(saved?.pets.map((pet) => pet.name)).toEqual(['Animal 1', 'Animal 2']);
    expect(saved?.next).toBeUndefined();
  });

  it('offers no more pages when the service sends no Link, even for a full page', async () => {
    const plain = await faults((_path, response) =>
      sendJson(response, 200, '[{"id":1,"name":"Rex","categoryId":1},{"id":2,"name":"Tom","categoryId":1}]'),
    );
    const { invoke } = await openCore(folder(), plain.url);
    const list = await invoke('listPets', { query: { limit: 2 } });
    expect(list.pets).toHaveLength(2);
    expect(list.next).toBeUndefined();
  });

  it('ignores a next link to another origin or path, and never sends the key there', async () => {
    const elsewhere = await faults((_path, response) => sendJson(response, 200, '[]'));
    let link = '';
    const shop = await faults((_path, response) =>
      sendJson(response, 200, '[{"id":1,"name":"Rex","categoryId":1}]', { link }),
    );
    const { core, invoke } = await openCore(folder(), shop.url);
    const origin = new URL(shop.url).origin;
    for (const target of [`${elsewhere.url}/pets?after=1`, `${origin}/admin/pets?after=1`]) {
      link = `<${target}>; rel="next"`;
      expect((await invoke('listPets', { query: { limit: 1 } })).next).toBeUndefined();
      // Asked directly (a tampered renderer), the core refuses before any request.
      const asked = shop.requests.length;
      expect(await core.invoke('listMorePets', { query: { limit: 1 }, next: target })).toMatchObject({
        ok: false,
        error: { kind: 'invalid_input' },
      });
      expect(shop.requests).toHaveLength(asked);
    }
    expect(elsewhere.requests).toEqual([]);
    expect(shop.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('reads the next link among several, with a quoted relation of several types', async () => {
    const shop = await faults((path, response) =>
      sendJson(response, 200, path.includes('after=1') ? '[]' : '[{"id":1,"name":"Rex","categoryId":1}]', {
        link: '</v1/pets?limit=1>; rel="first prev", <pets?limit=1&after=1>; rel="next last"; title="page, 2"',
      }),
    );
    const harness = await openCore(folder(), shop.url);
    const first = await harness.invoke('listPets', { query: { limit: 1 } });
    expect(first.next).toBe(`${shop.url}/pets?limit=1&after=1`);
    const more = await harness.invoke('listMorePets', { query: { limit: 1 }, next: first.next ?? '' });
    expect(more.pets).toEqual([]);
    expect(shop.requests.at(-1)?.url).toBe('/v1/pets?limit=1&after=1');
  });
});
