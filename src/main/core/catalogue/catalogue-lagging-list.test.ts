/** A service whose list lags behind its adds (a cache, a read replica): the animal just added stays in the list. */
import { describe, expect, it } from 'vitest';
import type { CatalogueView, OutboxItem } from '../../../shared';
import { listRows, listTotals } from '../../../renderer/src/lib/list-rows';
import { cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';
import { refreshed, shop, synced } from '../test-support/catalogue';
import { forward, passBack, startRelay, type UpstreamAnswer } from '../test-support/relay';

/** The list the counter shows: the catalogue's rows and this environment's outbox. */
const shown = (catalogue: CatalogueView, outbox: readonly OutboxItem[]) =>
  listRows(
    catalogue.pets,
    outbox.filter((item) => item.environmentId === 'demo'),
    [],
    catalogue.taken,
  );

describe('a service whose list answers from a cache a few seconds behind its adds', () => {
  it('the animal just added stays a row of the list, counted, until the list shows it', async () => {
    const running = await service({ initialPets: shop() });
    // Lists answered from the last full answer while `lagging` (an If-None-Match that matches it: 304), as a CDN would.
    const cache = new Map<string, UpstreamAnswer>();
    let lagging = false;
    const relay = await startRelay(async (request, response) => {
      const cached = cache.get(request.url);
      if (request.method === 'GET' && lagging && cached) {
        const etag = cached.headers.get('etag');
        if (etag !== null && request.headers['if-none-match'] === etag) {
          response.writeHead(304, {
            etag,
            ...(cached.headers.get('link') ? { link: cached.headers.get('link') ?? '' } : {}),
          });
          response.end();
          return;
        }
        passBack(response, cached);
        return;
      }
      const answer = await forward(running.url, request, ['content-type', 'idempotency-key', 'if-none-match']);
      if (request.method === 'GET' && answer.status === 200) cache.set(request.url, answer);
      passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    const counter = await openCore(folder(), relay.url);
    await synced(counter);

    lagging = true;
    const outcome = await counter.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    expect(outcome).toMatchObject({ outcome: 'created', pet: { id: '261' } });
    // At once, the list shows it (the core put it in the catalogue before answering).
    expect(shown(await counter.invoke('getCatalogue', {}), await outboxOf(counter)).map((row) => row.pet.id)).toContain(
      '261',
    );
    // The sync after the add (or the clerk's Refresh) gets the list as it was a moment ago.
    const catalogue = await refreshed(counter);
    expect(catalogue.state).toBe('fresh');
    expect(catalogue.pets.some((pet) => pet.id === '261')).toBe(false);
    // The service has Biscuit (its add said 201, id 261): the clerk's list keeps it, as sent, not listed yet.
    const rows = shown(catalogue, await outboxOf(counter));
    const biscuit = rows.find((row) => row.pet.id === '261');
    expect(biscuit?.pet.name).toBe('Biscuit');
    expect(biscuit?.sentAt).toBeGreaterThan(0);
    expect(listTotals(rows).all).toBe(261);

    // The list catches up: Biscuit is the catalogue's row, once.
    lagging = false;
    const caughtUp = shown(await refreshed(counter), await outboxOf(counter));
    expect(caughtUp.filter((row) => row.pet.id === '261')).toHaveLength(1);
    expect(listTotals(caughtUp).all).toBe(261);
  });
});
