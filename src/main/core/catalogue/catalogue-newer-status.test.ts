/** A newer service's animal with a status this app does not know, among a shop of 260. */
import { describe, expect, it } from 'vitest';
import { cleanups, folder, openCore, service } from '../test-support/harness';
import { forward, passBack, startRelay } from '../test-support/relay';
import { refreshed, shop } from '../test-support/catalogue';

describe('the shop’s service, updated, marks one of its 260 animals “reserved” (a status this app does not know)', () => {
  it('the list still syncs: the other 259 animals, and those added since, are there', async () => {
    const running = await service({ initialPets: shop() });
    const updated = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request, ['if-none-match']);
      // Animal 150, on page 2, as the newer service sends it; every other field as it was.
      const text = answer.text.replace(/("id":150,[^}]*"status":)"\w+"/, '$1"reserved"');
      const headers = new Headers(answer.headers);
      headers.delete('content-length');
      passBack(response, { ...answer, headers, text });
    });
    cleanups.push(() => updated.close());
    const counter = await openCore(folder(), updated.url);
    running.insertPets([{ name: 'Newcomer', categoryId: '1' }]);
    const catalogue = await refreshed(counter);
    // The page holding the newcomer of status "reserved" is read, not refused: the sync ends fresh, with every animal.
    expect({ state: catalogue.state, newcomer: catalogue.pets.some((pet) => pet.name === 'Newcomer') }).toEqual({
      state: 'fresh',
      newcomer: true,
    });
    expect(catalogue.count).toBeGreaterThanOrEqual(260);
  });
});
