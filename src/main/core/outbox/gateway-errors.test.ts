/** A gateway's answer says nothing of what its service did before: a 5xx proves nothing, nor does a refused resend. */
import { describe, expect, it, vi } from 'vitest';
import { sendJson } from '../test-support';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, names, outboxOf, service } from '../test-support/harness';
import { openBehind, rexCreated } from './test-support';

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
    const harness = await openBehind(relay);
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

describe('Lunch’s answer lost where keys are honoured; the gateway’s replay protection refuses the resend with a 400', () => {
  it('Lunch waits for the clerk’s check beside its row, not shown as refused by the service', async () => {
    const running = await service({ initialPets: SHOP });
    let lunches = 0;
    const relay = await startRelay(async (request, response) => {
      const isLunch = request.method === 'POST' && request.body.includes('"Lunch"');
      if (isLunch && (lunches += 1) > 1) {
        // "Duplicate request": the gateway has seen this body before and does not pass it on.
        const body = { status: 400, code: 'duplicate_request', message: 'Duplicate request blocked.' };
        sendJson(response, 400, JSON.stringify(body));
        return;
      }
      const answer = await forward(running.url, request, ['content-type', 'idempotency-key']);
      // The first Lunch reaches the service and its answer is lost on the way back.
      if (isLunch) return void response.socket?.destroy();
      passBack(response, answer);
    });
    const harness = await openBehind(relay);
    // Rex proves the service honours keys, and tells its time.
    await rexCreated(harness);
    await harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    const lunch = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.state).toBe('needs_attention'), { timeout: 8000 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    // Not "rejected": the drawer would say the service refused Lunch, and offer Discard, while the shop holds it.
    expect((await lunch())?.check).toBe('needs_check');
  });
});
