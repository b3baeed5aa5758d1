/** A lookup's correction and a list page on its way at the same time: the later asked is the service's later word. */
import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../shared';
import type { ConditionalPage } from '../petstore-client';
import { cleanups, folder, openCore, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { forward, passBack, startRelay, type UpstreamAnswer } from '../test-support/relay';
import { CatalogueRows } from './rows';
import { firstPageUrl, syncPages } from './sync';

/** The list as a cache a moment behind keeps it: Animal 7, pending on the service now, still available. */
function animal7Available(answer: UpstreamAnswer): UpstreamAnswer {
  const listed: unknown = answer.headers.get('content-type')?.includes('json') ? JSON.parse(answer.text) : undefined;
  if (!Array.isArray(listed)) return answer;
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  headers.delete('etag');
  const rows = listed.map((pet: { name?: string }) =>
    pet.name === 'Animal 7' ? { ...pet, status: 'available' } : pet,
  );
  return { ...answer, headers, text: JSON.stringify(rows) };
}

describe('the clerk looks an animal up while a sync is under way, its first page slow to come', () => {
  it('the service corrects the row, and the page asked before that answer does not write the old row back', async () => {
    const running = await service({ initialPets: shop() });
    // While `holding`, the first page's answer waits until `release` is called (a slow replica).
    let holding = false;
    let release: () => void = () => undefined;
    let heldAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (heldAsked = resolve));
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'GET' && request.url.startsWith('/v1/pets?')) {
        const answer = animal7Available(await forward(running.url, request));
        if (holding && request.url === '/v1/pets?limit=100') {
          holding = false;
          await new Promise<void>((resolve) => {
            release = resolve;
            heldAsked();
          });
        }
        passBack(response, answer);
        return;
      }
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    const counter = await openCore(folder(), relay.url, { requestTimeoutMs: 10_000 });
    const first = await synced(counter);
    expect(first.pets.find((pet) => pet.id === '7')?.status).toBe('available');

    // Another counter adds an animal (the list changes); the clerk's Refresh asks the first page, which is slow.
    running.insertPets([{ name: 'Newcomer', categoryId: '1', status: 'available' }]);
    holding = true;
    const refreshing = counter.invoke('refreshCatalogue', {});
    await asked;
    // Meanwhile the lookup: the service says pending, and the catalogue is corrected.
    expect(await counter.invoke('lookupPet', { id: '7' })).toMatchObject({
      pet: { id: '7', status: 'pending' },
      source: 'service',
      catalogue: 'corrected',
    });
    release();
    await refreshing;
    const after = await synced(counter, first.syncedAt ?? 0);
    expect(after.pets.some((pet) => pet.name === 'Newcomer')).toBe(true);
    expect(after.pets.find((pet) => pet.id === '7')?.status).toBe('pending');

    // A page asked after the lookup is the list's later word: it decides (here, the cache's).
    const later = await refreshed(counter);
    expect(later.pets.find((pet) => pet.id === '7')?.status).toBe('available');
  });
});

describe('a small shop without next links: "All", then each status list, and "All" asked again to compare', () => {
  it('a lookup asked after the first read of "All" keeps its correction: the page kept is that first read', async () => {
    const BASE = 'https://shop.example/v1';
    const rexAvailable: Pet = { id: '1', name: 'Rex', categoryId: '1', status: 'available' };
    const rexPending: Pet = { ...rexAvailable, status: 'pending' };
    const max: Pet = { id: '2', name: 'Max', categoryId: '1', status: 'sold' };
    const first = firstPageUrl(BASE);
    const rows = await CatalogueRows.of([{ url: first, pets: [rexAvailable] }], []);
    let lookupAskedAt = 0;
    let firstAsks = 0;
    const fetchPage = async (url: string): Promise<ConditionalPage> => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (url === first) {
        firstAsks += 1;
        // First read: Rex still available (a replica a moment behind); the second has Rex pending, and Max (just added).
        return { changed: true, pets: firstAsks === 1 ? [rexAvailable] : [rexPending, max] };
      }
      // While the status lists are asked, the clerk looks Rex up: the service says pending.
      if (lookupAskedAt === 0) lookupAskedAt = performance.now();
      return { changed: true, pets: url.endsWith('status=sold') ? [max] : [] };
    };
    const since = rows.mark();
    const outcome = await syncPages(fetchPage, BASE, [{ url: first, pets: [rexAvailable] }]);
    expect(firstAsks).toBe(2);
    // The lookup's answer came while the sync ran.
    rows.put(rexPending, lookupAskedAt);
    await rows.rebuild(outcome.pages, since, outcome.askedAt);
    expect(rows.get('1')?.status).toBe('pending');
  });
});
