/** A Sunset header that names no date (RFC 8594 wants an HTTP date) proves nothing about the lookup's removal. */
import { describe, expect, it } from 'vitest';
import { synced } from './test-support/catalogue';
import { faults, folder, openCore } from './test-support/harness';
import { sendJson } from './test-support';

describe('a gateway that stamps every lookup answer “Sunset: 0” (its template’s “none”)', () => {
  it('does not end the lookup in 2000: the removal date stays 5 December 2030 and the service is still asked', async () => {
    const shop = await faults((path, response) =>
      path.startsWith('/v1/pets/')
        ? sendJson(response, 200, '{"id":5,"name":"Tom","categoryId":1}', { sunset: '0' })
        : sendJson(response, 200, '[{"id":5,"name":"Tom","categoryId":1}]'),
    );
    const harness = await openCore(folder(), shop.url);
    await synced(harness);
    const first = await harness.invoke('lookupPet', { id: '5' });
    expect(first).toMatchObject({ source: 'service', pet: { name: 'Tom' } });
    // "0" is no date: the removal stays the document's, and the next lookup still asks the service.
    expect(first.notice).toMatchObject({ removalDate: '2030-12-05', mode: 'service' });
    const asked = shop.requests.length;
    expect(await harness.invoke('lookupPet', { id: '5' })).toMatchObject({ source: 'service' });
    expect(shop.requests.length).toBe(asked + 1);
  });
});
