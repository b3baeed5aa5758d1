/** A one-page shop is asked its status lists at each sync: an add landing meanwhile is not an animal "All" missed. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PetstoreClient } from '../petstore-client';
import { forward, passBack, startRelay } from '../test-support/relay';
import { KEY, cleanups, folder, openCore, service } from '../test-support/harness';
import { shop, synced } from '../test-support/catalogue';

describe('a shop of 30 on the reference service (it links its pages), another counter adding meanwhile', () => {
  it('is the whole shop when another counter’s add lands between the "All" list and the status lists', async () => {
    const running = await service({ initialPets: shop().slice(0, 30) });
    const otherCounter = new PetstoreClient({ fetch, baseUrl: running.url, apiKey: KEY, appVersion: 'other-counter' });
    let walkIn: Promise<unknown> | undefined;
    // The service as it is; only when the other counter's add lands is arranged: once this counter's "All" page has
    // been answered (anything asked after that page waits for the add).
    const relay = await startRelay(async (request, response) => {
      const whole = /^\/v1\/pets\?limit=100$/.test(request.url);
      if (!whole) await walkIn;
      passBack(response, await forward(running.url, request, ['content-type', 'if-none-match']));
      if (whole)
        walkIn ??= otherCounter.createPet({ name: 'Walk-in', categoryId: '3' }, { idempotencyKey: randomUUID() });
    });
    cleanups.push(() => relay.close());
    const counter = await openCore(folder(), relay.url);
    // What the header and the list were told, sync after sync (a later sync puts it right: it was said meanwhile).
    const said = new Set<string>();
    counter.core.on('onCatalogue', (meta) => said.add(meta.completeness));

    await synced(counter);
    // Whether or not it holds the walk-in yet, it holds every animal the service lists: said to be the whole shop, not
    // "The service shows at most 100 animals per status, so some animals may be missing here" (nor, in the clerk's
    // check, "it may exist all the same").
    expect([...said]).toEqual(['complete']);
  });
});
