/** "Edit" pressed on an animal waiting to be sent again, or on its way: the list read first for the changed animal
 * takes a while, and the animal's try (and its check's look-up) happen inside that read; the change must not turn a
 * created animal into a second one the clerk never checked. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { appError, describeError } from '../../../shared';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, service } from '../test-support/harness';
import { itemNamed, openBehind, rexCreated } from './test-support';

describe('Lunch in doubt, the clerk pressing Edit as the list is slow', () => {
  it('her resend is refused by the gateway while the edit reads the list: the edit is not applied unseen, one Lunch', async () => {
    const running = await service({ initialPets: SHOP });
    const seenKeys = new Set<string>();
    let slowLists = false;
    // A gateway in front of the service: it passes keys on, refuses a key it has passed on before (its replay
    // protection, 422), and today the service is slow.
    const relay = await startRelay(async (request, response) => {
      const key = request.headers['idempotency-key'];
      if (request.method === 'POST' && typeof key === 'string') {
        if (seenKeys.has(key)) {
          response.writeHead(422, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ code: 422, message: 'request already seen' }));
          return;
        }
        seenKeys.add(key);
        if (request.body.includes('"Lunch"') && seenKeys.size === 2) {
          // Lunch's first add: the service, under load, takes 4.5 s and creates her; the gateway gave up on it (504).
          await sleep(4500);
          await forward(running.url, request, ['content-type', 'idempotency-key']);
          response.writeHead(504, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ code: 504, message: 'upstream timed out' }));
          return;
        }
      }
      if (slowLists && request.url.includes('limit=100')) await sleep(1500);
      passBack(response, await forward(running.url, request, ['content-type', 'idempotency-key']));
    });
    const harness = await openBehind(relay, undefined, { requestTimeoutMs: 10_000 });
    await rexCreated(harness);

    expect(await harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } })).toMatchObject({
      outcome: 'queued',
    });
    const lunch = await itemNamed(harness, 'Lunch');
    expect(lunch?.state).toBe('queued');
    // The drawer shows Lunch waiting to be sent again (the last read of the list was more than 3 s ago); the clerk
    // presses Edit to make her "pending". The list is slow (1.5 s): her resend leaves, is refused (so she goes to the
    // check) and her rows (Lunch on the service) are looked up, all while the edit reads the list.
    slowLists = true;
    const result = await harness.core.invoke('editOutboxItem', {
      id: lunch?.id,
      pet: { name: 'Lunch', categoryId: '2', status: 'pending' },
    });
    const edited = result.ok ? 'applied' : describeError(result.error);
    slowLists = false;
    await vi.waitFor(
      async () => expect(['queued', 'sending']).not.toContain((await itemNamed(harness, 'Lunch'))?.state),
      { timeout: 20_000, interval: 100 },
    );
    const lunches = (await allPets(running.url)).filter((pet) => pet.name === 'Lunch');
    // Lunch may exist (she did): a change waits for the clerk's check, and never becomes a second Lunch unseen.
    expect({ edited, lunches: lunches.length }).toEqual({
      edited: describeError(appError('invalid_input', 'outbox_item_check_first')),
      lunches: 1,
    });
  }, 60_000);

  it('pressed while her add is on its way, its answer lost during the list read: the edit waits for her check, one Lunch', async () => {
    const running = await service({ initialPets: SHOP });
    let slowLists = false;
    let lunchLeft = false;
    // A gateway that drops keys (none honoured) and loses the answer to Lunch's add, after the service created her.
    const relay = await startRelay(async (request, response) => {
      if (slowLists && request.url.includes('limit=100')) await sleep(1500);
      const answer = await forward(running.url, request);
      if (request.method === 'POST' && request.body.includes('"Lunch"')) {
        lunchLeft = true;
        await sleep(800);
        response.socket?.destroy();
        return;
      }
      passBack(response, answer);
    });
    // The list is read afresh for each add and edit (as it is once the last read is a few seconds old).
    const harness = await openBehind(relay, undefined, { requestTimeoutMs: 10_000, freshness: { listedForMs: 0 } });
    await rexCreated(harness);

    const added = harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    await vi.waitFor(() => expect(lunchLeft).toBe(true));
    // The drawer shows Lunch "sending"; the clerk presses Edit as the list turns slow, and her answer is lost during
    // the edit's read of it.
    await sleep(200);
    const lunch = await itemNamed(harness, 'Lunch');
    expect(lunch?.state).toBe('sending');
    slowLists = true;
    const result = await harness.core.invoke('editOutboxItem', {
      id: lunch?.id,
      pet: { name: 'Lunch', categoryId: '2', status: 'pending' },
    });
    const edited = result.ok ? 'applied' : describeError(result.error);
    slowLists = false;
    await added;
    await vi.waitFor(
      async () => expect(['queued', 'sending']).not.toContain((await itemNamed(harness, 'Lunch'))?.state),
      { timeout: 20_000, interval: 100 },
    );
    const lunches = (await allPets(running.url)).filter((pet) => pet.name === 'Lunch');
    expect({ edited, lunches: lunches.length }).toEqual({
      edited: describeError(appError('invalid_input', 'outbox_item_check_first')),
      lunches: 1,
    });
  }, 60_000);
});
