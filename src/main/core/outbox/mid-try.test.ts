/** A clerk's change pressed while the outbox is trying the animal: it waits for the try, and is judged on its outcome. */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay, type UpstreamAnswer } from '../test-support/relay';
import { allPets, names, outboxOf, service } from '../test-support/harness';
import { openBehind } from './test-support';

type AnswerAdd = (response: ServerResponse, forwarded: () => Promise<UpstreamAnswer>) => Promise<void>;

/** Half a second, then 429 ("come back later": nothing created). */
const later: AnswerAdd = async (response) => {
  await sleep(500);
  response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
  response.end(JSON.stringify({ status: 429, code: 'rate_limited', message: 'Slow down.' }));
};

/** Created, then half a second later a 201 whose body cannot be read: in doubt. */
const garbled: AnswerAdd = async (response, forwarded) => {
  await forwarded();
  await sleep(500);
  response.writeHead(201, { 'content-type': 'application/json' });
  response.end('{"id":');
};

/** Created, and answered half a second later. */
const created: AnswerAdd = async (response, forwarded) => {
  const answer = await forwarded();
  await sleep(500);
  passBack(response, answer);
};

/**
 * Cid, added offline, goes out through a gateway that drops the Idempotency-Key (keys not honoured), whose answer to
 * the add `answerAdd` gives until `tryingEnds`; resolved once the add is under way, the clerk's buttons to press.
 */
async function cidBeingTried(answerAdd: AnswerAdd) {
  const running = await service();
  let trying = true;
  const relay = await startRelay(async (request, response) => {
    const forwarded = () => forward(running.url, request);
    if (request.method === 'POST' && trying) return answerAdd(response, forwarded);
    const answer = await forwarded();
    passBack(response, answer);
  });
  const harness = await openBehind(relay);
  harness.core.setPlatformOnline(false);
  await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } });
  const [cid] = await outboxOf(harness);
  const id = cid?.id ?? '';
  harness.core.setPlatformOnline(true);
  await vi.waitFor(() => expect(relay.requests.some((request) => request.method === 'POST')).toBe(true));
  return {
    pets: async () => (await allPets(running.url)).map((pet) => pet.name),
    outbox: async () => names(await outboxOf(harness)),
    edit: (name: string) => harness.core.invoke('editOutboxItem', { id, pet: { name, categoryId: '4' } }),
    sendNow: () => harness.core.invoke('retryOutboxItem', { id }),
    discard: () =>
      harness.core.invoke('discardOutboxItem', { id, seen: { state: 'queued', attempts: cid?.attempts ?? 0 } }),
    tryingEnds: () => (trying = false),
  };
}

describe('a clerk’s Edit saved while the animal is being tried', () => {
  it('is saved once the try ends with nothing created, and the changed animal is sent', async () => {
    const cid = await cidBeingTried(later);
    const edited = await cid.edit('Cid the second');
    expect(edited.ok && names(edited.value.items)).toEqual(['Cid the second:queued']);
    cid.tryingEnds();
    await vi.waitFor(async () => expect(await cid.outbox()).toEqual(['Cid the second:sent']), { timeout: 10_000 });
    expect(await cid.pets()).toEqual(['Cid the second']);
  });

  it('asks the clerk to check first when the try ends in doubt: the animal it created is not sent again as the change', async () => {
    const cid = await cidBeingTried(garbled);
    expect(await cid.edit('Cid the second')).toMatchObject({ ok: false, error: { reason: 'outbox_item_check_first' } });
    cid.tryingEnds();
    await sleep(1500);
    expect(await cid.outbox()).toEqual(['Cid:needs_attention']);
    expect(await cid.pets()).toEqual(['Cid']);
  });
});

describe('a clerk’s Send now pressed while the animal is being tried', () => {
  it('is not taken for "I checked, it is not there" when the try ends in doubt: the animal is created once', async () => {
    const cid = await cidBeingTried(garbled);
    // The drawer still showed "Waiting to be sent" with its Send now button.
    expect(await cid.sendNow()).toMatchObject({ ok: false, error: { reason: 'outbox_item_check_first' } });
    cid.tryingEnds();
    await sleep(2000);
    expect(await cid.pets()).toEqual(['Cid']);
    expect(await cid.outbox()).toEqual(['Cid:needs_attention']);
  });
});

describe('a clerk’s Discard pressed while the animal is being tried', () => {
  it('when the try created it, the drawer says it was sent, not that it was discarded', async () => {
    const cid = await cidBeingTried(created);
    expect(await cid.discard()).toMatchObject({ ok: false, error: { reason: 'outbox_item_busy' } });
    expect(await cid.pets()).toEqual(['Cid']);
    expect(await cid.outbox()).toEqual(['Cid:sent']);
  });

  it('when the try ended in doubt, the animal stays for the clerk’s check instead of vanishing', async () => {
    const cid = await cidBeingTried(garbled);
    expect(await cid.discard()).toMatchObject({ ok: false, error: { reason: 'outbox_item_check_first' } });
    // The service holds Cid: an outbox with no trace of it would let the clerk type Cid in again.
    expect(await cid.pets()).toEqual(['Cid']);
    expect(await cid.outbox()).toEqual(['Cid:needs_attention']);
  });
});
