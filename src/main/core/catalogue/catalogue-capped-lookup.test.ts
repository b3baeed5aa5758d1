/** A shop of 260 on a service with no next links (at most 100 a status), once its lookup is gone: what the lookup says. */
import { describe, expect, it } from 'vitest';
import { cleanups, folder, openCore, service } from '../test-support/harness';
import { shop, synced } from '../test-support/catalogue';
import { sendJson } from '../test-support';
import { forward, startRelay } from '../test-support/relay';

describe('the lookup, retired by the service (410), on a copy its lists could not make whole', () => {
  it('for an animal past the first 100 available, does not tell the clerk a Refresh will bring it', async () => {
    const upstream = await service({ initialPets: shop() });
    // No Link, no ETag (as the service's own document describes it); the deprecated lookup answers 410.
    const relay = await startRelay(async (request, response) => {
      if (/^\/v1\/pets\/\d+$/.test(request.url)) {
        sendJson(response, 410, '{"code":"gone","message":"removed","status":410}');
        return;
      }
      const answer = await forward(upstream.url, request);
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(answer.text);
    });
    cleanups.push(() => relay.close());
    const counter = await openCore(folder(), relay.url);
    const catalogue = await synced(counter);
    // The list says so plainly: some animals may be missing here.
    expect(catalogue.completeness).toBe('service_lists_capped');
    expect(catalogue.pets.some((pet) => pet.id === '201')).toBe(false);

    // Animal 201 is on the service (available, past the first 100 available): the clerk scans its tag.
    const lookup = await counter.core.invoke('lookupPet', { id: '201' });
    expect(lookup.ok).toBe(false);
    // 'not_in_catalogue' reads "No animal with id 201 is in the shop’s catalogue on this computer. Refresh the list to
    // bring it up to date.": no Refresh ever lists 201, and nothing says the copy may be missing animals.
    expect(lookup.ok ? undefined : lookup.error.reason).not.toBe('not_in_catalogue');
    // It says what the list says: "The service shows at most 100 animals per status, so some animals may be missing here."
    expect(lookup.ok ? undefined : lookup.error.reason).toBe('not_in_capped_catalogue');
  });
});
