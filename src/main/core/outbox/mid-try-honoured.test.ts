/** A clerk's Discard pressed mid-try, at a service that honours keys, when the try ends in doubt. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { allPets, names, outboxOf, service } from '../test-support/harness';
import { openBehind, rexCreated } from './test-support';

describe('a clerk’s Discard pressed while the animal is being tried, where keys are honoured', () => {
  it('when the try created it and its answer was a gateway’s 503, the animal does not vanish from the outbox', async () => {
    const running = await service();
    let doubtful = false;
    // A gateway that passes the Idempotency-Key on (keys honoured), and answers Cid's add 503 after the service took it.
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request, ['content-type', 'idempotency-key']);
      if (request.method === 'POST' && doubtful) {
        doubtful = false;
        await sleep(500);
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 503, code: 'unavailable', message: 'Upstream timed out.' }));
        return;
      }
      passBack(response, answer);
    });
    const harness = await openBehind(relay);
    // Rex's answer echoes the key: the service honours keys.
    await rexCreated(harness);
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } });
    const cid = (await outboxOf(harness)).find((item) => item.pet.name === 'Cid');
    const id = cid?.id ?? '';
    doubtful = true;
    harness.core.setPlatformOnline(true);
    await vi.waitFor(() => expect(relay.requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    // The drawer still showed Cid "waiting to be sent", with its Discard button.
    const discarded = await harness.core.invoke('discardOutboxItem', {
      id,
      seen: { state: 'queued', attempts: cid?.attempts ?? 0 },
    });
    const onService = (await allPets(running.url)).filter((pet) => pet.name === 'Cid').length;
    expect(onService).toBe(1);
    // The service holds Cid: an outbox with no trace of it would let the clerk type Cid in again.
    expect(discarded).toMatchObject({ ok: false });
    expect(names(await outboxOf(harness))).toEqual(expect.arrayContaining([expect.stringMatching(/^Cid:/)]));
  });
});
