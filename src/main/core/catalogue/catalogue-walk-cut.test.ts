/** A walk of the service's next links that stops before the end is not the whole shop, whatever stopped it. */
import { describe, expect, it, vi } from 'vitest';
import { allPets, cleanups, faults, folder, openCore, outboxOf, service } from '../test-support/harness';
import { forward, passBack, startRelay } from '../test-support/relay';
import { shop, synced } from '../test-support/catalogue';

/**
 * The reference service's 260 animals behind a gateway that rewrites the next link of the page after 100 to
 * `rewrite(link)`, and loses the answer of every add (the add is made on the service).
 */
async function shopWithSecondLink(rewrite: (link: string) => string) {
  const running = await service({ initialPets: shop() });
  const gateway = await startRelay(async (request, response) => {
    const answer = await forward(running.url, request, ['content-type', 'if-none-match', 'idempotency-key']);
    if (request.method === 'POST') return void response.socket?.destroy();
    const headers = new Headers(answer.headers);
    const link = headers.get('link');
    if (request.url.includes('after=100') && link !== null) headers.set('link', rewrite(link));
    passBack(response, { ...answer, headers });
  });
  cleanups.push(() => gateway.close());
  return { running, gateway };
}

describe('a shop of 260 whose second page links the third on another host (the key may not go there)', () => {
  it('is not said to be the whole shop with 200 animals, and the clerk’s check of a lost add does not say it is not on the service', async () => {
    const elsewhere = await faults((_path, response) => response.end('[]'));
    const { running, gateway } = await shopWithSecondLink((link) =>
      link.replace(/<\/v1\//, `<${new URL(elsewhere.url).origin}/v1/`),
    );
    const counter = await openCore(folder(), gateway.url);
    const catalogue = await synced(counter);
    // The key stayed home.
    expect(elsewhere.requests).toEqual([]);
    expect(catalogue.count).toBe(200);

    // Goldie is created as animal 261, on the page never read; the add's answer is lost.
    await counter.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    await vi.waitFor(async () => expect((await outboxOf(counter))[0]?.matches).toBeDefined(), { timeout: 10_000 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Goldie')).toHaveLength(1);
    // The service linked a page the app did not read: the list is not "the whole shop", and the check does not say
    // "No animal with this name and category is on the service now" (the clerk would send her again).
    expect({
      listIsWholeShop: (await counter.invoke('getCatalogue', {})).completeness === 'complete',
      checkIsWholeShop: (await outboxOf(counter))[0]?.matches?.complete,
    }).toEqual({ listIsWholeShop: false, checkIsWholeShop: false });
  });
});

describe('a shop of 260 whose second page links back to the first (a service looping its links)', () => {
  it('is not said to be the whole shop with the 200 animals the loop showed', async () => {
    const { gateway } = await shopWithSecondLink((link) => link.replace(/&after=\d+/, ''));
    const catalogue = await synced(await openCore(folder(), gateway.url));
    expect(catalogue.count).toBe(200);
    expect(catalogue.completeness).not.toBe('complete');
  });
});
