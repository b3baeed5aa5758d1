/** A 5xx proves nothing either way: an animal given up on after such answers waits for the clerk's check. */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { allPets, cleanups, folder, names, openCore, outboxOf, service } from '../test-support/harness';

describe('a gateway that answers 504 after its service created the animal, three times', () => {
  it('sets the animal before the clerk as one that may already exist, not as refused by the service', async () => {
    const running = await service();
    let gatewayTimeout = false;
    // Keys honoured (the key passed on, the echo passed back); in trouble, the gateway gives up after its service acted.
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request, ['content-type', 'idempotency-key']);
      if (request.method === 'POST' && gatewayTimeout) {
        response.writeHead(504, { 'content-type': 'text/html' });
        response.end('<h1>504 Gateway Time-out</h1>');
        return;
      }
      passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
    expect(await harness.invoke('createPet', { pet: { name: 'Nemo', categoryId: '5' } })).toMatchObject({
      outcome: 'created',
    });
    gatewayTimeout = true;
    expect(await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } })).toMatchObject({
      outcome: 'queued',
    });
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Nemo:sent', 'Cid:needs_attention']), {
      timeout: 15_000,
    });
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Nemo', 'Cid']);
    // 'rejected' reads "Refused by the service: …" in the drawer, and the list drops the animal's row.
    const cid = (await outboxOf(harness)).find((item) => item.pet.name === 'Cid');
    expect(cid?.check).not.toBe('rejected');
  });
});
