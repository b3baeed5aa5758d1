import { describe, expect, it } from 'vitest';
import { KEY, faults, folder, openCore, service } from './test-support/harness';
import { synced } from './test-support/catalogue';
import { sendJson } from './test-support';

const animals = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ name: `Animal ${index + 1}`, categoryId: '1' }));

/** A full page of 100 as the service sends it (ids are JSON numbers). */
const fullPage = JSON.stringify(
  Array.from({ length: 100 }, (_, index) => ({ id: index + 1, name: 'Rex', categoryId: 1 })),
);

describe('the catalogue pages through the list with the service’s Link: rel="next"', () => {
  it('pages through ids beyond 2^53 exactly: no animal skipped or held twice', async () => {
    // From 2^53 on, so pages end on odd ids that a JavaScript number would round.
    const ids = Array.from({ length: 250 }, (_, step) => String(9007199254740992n + BigInt(step)));
    const running = await service({
      initialPets: ids.map((id, index) => ({ id, name: `Big ${index}`, categoryId: '1' })),
    });
    const catalogue = await synced(await openCore(folder(), running.url));
    expect(catalogue.pets.map((pet) => pet.id)).toEqual(ids);
  });

  it('a full last page leads to an empty one that ends it, each animal once', async () => {
    const running = await service({ initialPets: animals(200) });
    const harness = await openCore(folder(), running.url);
    const catalogue = await synced(harness);
    expect(catalogue).toMatchObject({ count: 200, completeness: 'complete' });
    expect(new Set(catalogue.pets.map((pet) => pet.name)).size).toBe(200);
  });

  it('ignores a next link to another origin or path, and never sends the key there', async () => {
    const elsewhere = await faults((_path, response) => sendJson(response, 200, '[]'));
    let link = '';
    const shop = await faults((_path, response) => sendJson(response, 200, fullPage, { link }));
    const origin = new URL(shop.url).origin;
    for (const target of [`${elsewhere.url}/pets?after=100`, `${origin}/admin/pets?after=100`]) {
      link = `<${target}>; rel="next"`;
      // A full page that links nowhere it may go: the shop goes on where the app does not follow, and it says so.
      expect(await synced(await openCore(folder(), shop.url))).toMatchObject({
        count: 100,
        completeness: 'service_links_cut',
      });
    }
    expect(elsewhere.requests).toEqual([]);
    expect(shop.requests.every((request) => !request.url.startsWith('/admin'))).toBe(true);
    expect(shop.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('reads the next link among several, with a quoted relation of several types', async () => {
    const shop = await faults((path, response) =>
      path.includes('after=1')
        ? sendJson(response, 200, '[]')
        : sendJson(response, 200, '[{"id":1,"name":"Rex","categoryId":1}]', {
            link: '</v1/pets?limit=1>; rel="first prev", <pets?limit=100&after=1>; rel="next last"; title="page, 2"',
          }),
    );
    const catalogue = await synced(await openCore(folder(), shop.url));
    expect(catalogue).toMatchObject({ count: 1, completeness: 'complete' });
    expect(shop.requests.map((request) => request.url)).toContain('/v1/pets?limit=100&after=1');
  });
});

describe('a service whose next links never end', () => {
  it('an empty page, or one the walk already had, ends it: the catalogue is synced (said to be cut short where a page came round again), the service is not asked for ever, and the app closes', async () => {
    for (const service of ['an empty page links another', 'the cursor is ignored'] as const) {
      const shop = await faults((path, response) => {
        const after = Number(new URL(path, 'http://shop').searchParams.get('after') ?? '0');
        const page = service === 'an empty page links another' && after > 0 ? '[]' : fullPage;
        sendJson(response, 200, page, { link: `</v1/pets?limit=100&after=${String(after + 100)}>; rel="next"` });
      });
      const harness = await openCore(folder(), shop.url);
      const completeness = service === 'the cursor is ignored' ? 'service_links_cut' : 'complete';
      expect(await synced(harness), service).toMatchObject({ state: 'fresh', count: 100, completeness });
      expect(shop.requests.length, service).toBeLessThanOrEqual(3);
      await harness.core.close();
    }
  });
});
