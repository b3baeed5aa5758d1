/** An animal sold and gone while a sync's first page is on its way: the lookup's 404 is the service's later word. */
import { describe, expect, it } from 'vitest';
import { cleanups, folder, openCore, service, SHOP } from '../test-support/harness';
import { refreshed, synced } from '../test-support/catalogue';
import { forward, passBack, startRelay, type UpstreamAnswer } from '../test-support/relay';

/** The service's list once Stock 6 (id 7) has left it: its row gone from every page. */
function without7(answer: UpstreamAnswer): UpstreamAnswer {
  const listed: unknown = answer.headers.get('content-type')?.includes('json') ? JSON.parse(answer.text) : undefined;
  if (!Array.isArray(listed)) return answer;
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  headers.delete('etag');
  return { ...answer, headers, text: JSON.stringify(listed.filter((pet: { id?: unknown }) => pet.id !== 7)) };
}

describe('the clerk looks up Stock 6, sold and gone, while the Refresh’s first page (read before) is slow to come', () => {
  it('the list, once that Refresh ends, does not show the animal the lookup just said is not on the service', async () => {
    const running = await service({ initialPets: SHOP });
    let gone = false;
    let holding = false;
    let release: () => void = () => undefined;
    let heldAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (heldAsked = resolve));
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'GET' && request.url === '/v1/pets/7' && gone) {
        passBack(response, await forward(running.url, { ...request, url: '/v1/pets/999999999' }));
        return;
      }
      if (request.method === 'GET' && request.url.startsWith('/v1/pets?')) {
        // The page is read by the service now (Stock 6 still there), and its answer is slow to arrive.
        const answer = gone ? without7(await forward(running.url, request)) : await forward(running.url, request);
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
    const dir = folder();
    const counter = await openCore(dir, relay.url, { requestTimeoutMs: 10_000 });
    const first = await synced(counter);
    expect(first.pets.some((pet) => pet.id === '7')).toBe(true);

    // Another counter adds an animal (the list changes); the clerk's Refresh asks the first page, which is slow.
    running.insertPets([{ name: 'Newcomer', categoryId: '1', status: 'available' }]);
    holding = true;
    const refreshing = counter.invoke('refreshCatalogue', {});
    await asked;
    // Stock 6 is sold and taken off the service; the clerk looks it up: "No animal with id 7 on the service."
    gone = true;
    const lookup = await counter.core.invoke('lookupPet', { id: '7' });
    expect(lookup.ok ? 'found' : lookup.error.reason).toBe('no_animal_with_id');
    expect((await counter.invoke('getCatalogue', {})).pets.some((pet) => pet.id === '7')).toBe(false);
    release();
    await refreshing;
    const after = await synced(counter, first.syncedAt ?? 0);
    expect(after.state).toBe('fresh');
    expect(after.pets.some((pet) => pet.name === 'Newcomer')).toBe(true);
    // The page was read before the animal left: the lookup's later word stands, the screens agree.
    expect(after.pets.some((pet) => pet.id === '7')).toBe(false);

    // Nor does the copy kept on disk: offline after a restart, Stock 6 is not back.
    await counter.core.close();
    await running.close();
    const offline = await refreshed(await openCore(dir, relay.url));
    expect(offline.state).toBe('offline');
    expect(offline.pets.some((pet) => pet.id === '7')).toBe(false);
  });
});
