/** Review 18: a row listed before an add's first request left cannot be that add, however long it waited. */
import { describe, expect, it, vi } from 'vitest';
import { PetstoreClient } from '../main/core/petstore-client';
import { sendJson } from '../main/core/test-support';
import { refreshed } from '../main/core/test-support/catalogue';
import { forward, passBack, startRelay } from '../main/core/test-support/relay';
import { KEY, SHOP, cleanups, folder, openCore, outboxOf, service } from '../main/core/test-support/harness';

describe('Goldie waits (the service busy, 429) while the other counter adds a Goldie of its own; then Goldie’s request is cut', () => {
  it('the check does not offer the other counter’s Goldie, listed before this one ever left', async () => {
    const running = await service({ initialPets: SHOP });
    let busy = true;
    // A service that ignores keys; while busy it answers adds 429; then it cuts the next add before it reaches it.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && busy) {
        sendJson(response, 429, '{"status":429,"code":"busy","message":"Busy."}');
        return;
      }
      if (request.method === 'POST') return void response.socket?.destroy();
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
    await refreshed(harness);
    expect(await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } })).toMatchObject({
      outcome: 'queued',
    });
    // The other counter's Goldie, straight to the service; this counter's catalogue lists it.
    const otherCounter = new PetstoreClient({ fetch, baseUrl: running.url, apiKey: KEY, appVersion: 'other' });
    const { id: othersId } = await otherCounter.createPet({ name: 'Goldie', categoryId: '4' }, {});
    await vi.waitFor(async () => expect((await refreshed(harness)).pets.map((pet) => pet.id)).toContain(othersId));
    busy = false;
    const goldie = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Goldie');
    await vi.waitFor(async () => expect((await goldie())?.matches).toBeDefined(), { timeout: 15_000 });
    // On main: "On the service: #251", the other counter's; "It was created" would lose this counter's Goldie.
    expect((await goldie())?.matches?.pets.map((pet) => pet.id)).toEqual([]);
  });
});
