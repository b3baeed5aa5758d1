/** A clerk's Discard asked while the animal was waiting, its "Yes" arriving just after a try ended: the try's outcome
 * is one the clerk has not seen, as it is when the "Yes" lands mid-try (mid-try.test.ts), and is judged the same. */
import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay, type UpstreamAnswer } from '../test-support/relay';
import { allPets, names, outboxOf, service } from '../test-support/harness';
import { openBehind } from './test-support';

type AnswerAdd = (response: ServerResponse, forwarded: () => Promise<UpstreamAnswer>) => Promise<void>;

/** Created, and answered with a 201 whose body cannot be read: in doubt. */
const garbled: AnswerAdd = async (response, forwarded) => {
  await forwarded();
  response.writeHead(201, { 'content-type': 'application/json' });
  response.end('{"id":');
};

/** Created, and answered. */
const created: AnswerAdd = async (response, forwarded) => passBack(response, await forwarded());

/** Cid, added offline, waits in the drawer; the clerk presses Discard and is asked "Discard Cid?". The line comes
 * back and Cid goes out through a gateway that drops the Idempotency-Key, answered as `answerAdd` says; returned once
 * that try's outcome is written, the clerk's "Yes" still on its way. */
async function cidTriedWhileAsked(answerAdd: AnswerAdd, outcome: string) {
  const running = await service();
  const relay = await startRelay(async (request, response) => {
    const forwarded = () => forward(running.url, request);
    if (request.method === 'POST') return answerAdd(response, forwarded);
    passBack(response, await forwarded());
  });
  const harness = await openBehind(relay);
  harness.core.setPlatformOnline(false);
  await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } });
  const [cid] = await outboxOf(harness);
  const id = cid?.id ?? '';
  // The drawer: "Cid — waiting to be sent", and the clerk's "Discard Cid?" open on it.
  expect(names(await outboxOf(harness))).toEqual(['Cid:queued']);
  harness.core.setPlatformOnline(true);
  await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual([`Cid:${outcome}`]), { timeout: 5000 });
  return {
    // The "Yes" carries the row as the clerk was asked.
    yes: () =>
      harness.core.invoke('discardOutboxItem', { id, seen: { state: 'queued', attempts: cid?.attempts ?? 0 } }),
    onService: async () => (await allPets(running.url)).filter((pet) => pet.name === 'Cid').length,
    outbox: async () => names(await outboxOf(harness)),
  };
}

describe('a clerk’s "Yes, discard" for a waiting animal arriving just after its try ended', () => {
  it('the try ended in doubt (created, its answer unreadable): Cid stays for the check, as mid-try', async () => {
    const cid = await cidTriedWhileAsked(garbled, 'needs_attention');
    const discarded = await cid.yes();
    expect(await cid.onService()).toBe(1);
    // Mid-try the same "Yes" is refused as "check first"; a moment later it removes all trace of the Cid the service
    // holds, and the clerk, told it was discarded, may type Cid in again.
    expect({ discarded: discarded.ok, outbox: await cid.outbox() }).toEqual({
      discarded: false,
      outbox: ['Cid:needs_attention'],
    });
  });

  it('the try created Cid: the drawer says he was sent, not that he was discarded, as mid-try', async () => {
    const cid = await cidTriedWhileAsked(created, 'sent');
    const discarded = await cid.yes();
    expect(await cid.onService()).toBe(1);
    expect({ discarded: discarded.ok, outbox: await cid.outbox() }).toEqual({ discarded: false, outbox: ['Cid:sent'] });
  });
});
