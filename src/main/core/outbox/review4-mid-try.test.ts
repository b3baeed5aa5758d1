/** Review 4: "Send now" and "Discard" pressed while the outbox is trying the animal are judged on an outcome the clerk has not seen. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { forward, startRelay } from '../test-support/relay';
import { allPets, cleanups, folder, names, openCore, outboxOf, service } from '../test-support/harness';

/**
 * A service behind a gateway that drops the Idempotency-Key (keys not honoured): while `hold` says so, an add
 * is created, then answered half a second later with `answer` ('garbled': a 201 that cannot be read).
 */
async function gateway(running: { url: string }, hold: () => 'garbled' | 'clean' | false) {
  const relay = await startRelay(async (request, response) => {
    const held = request.method === 'POST' ? hold() : false;
    const answer = await forward(running.url, request);
    if (held) await sleep(500);
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(held === 'garbled' ? '{"id":' : answer.text);
  });
  cleanups.push(() => relay.close());
  return relay;
}

const posted = (relay: { requests: Array<{ method: string }> }) =>
  relay.requests.some((request) => request.method === 'POST');

describe('a clerk pressing "Send now" while the outbox is trying the animal', () => {
  it('is not taken for "I checked, it is not there" when the try ends in doubt: the animal is created once', async () => {
    const running = await service();
    let hold: 'garbled' | false = false;
    const relay = await gateway(running, () => hold);
    const harness = await openCore(folder(), relay.url);
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } });
    const [cid] = await outboxOf(harness);
    hold = 'garbled';
    harness.core.setPlatformOnline(true);
    await vi.waitFor(() => expect(posted(relay)).toBe(true));

    // The drawer still showed "Waiting to be sent" with its Send now button.
    await harness.core.invoke('retryOutboxItem', { id: cid?.id ?? '' });
    hold = false;
    await sleep(2000);
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Cid']);
    expect(names(await outboxOf(harness))).toEqual(['Cid:needs_attention']);
  });
});

describe('a clerk discarding an animal while the outbox is trying it', () => {
  it('when the try created it, the drawer says it was sent, not that it was discarded', async () => {
    const running = await service();
    let hold: 'clean' | false = false;
    const relay = await gateway(running, () => hold);
    const harness = await openCore(folder(), relay.url);
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } });
    const [cid] = await outboxOf(harness);
    hold = 'clean';
    harness.core.setPlatformOnline(true);
    await vi.waitFor(() => expect(posted(relay)).toBe(true));

    // "Yes, discard" is offered during a try (OutboxItemRow.svelte: "then refused as busy").
    // Taken, the row leaves the drawer as discarded, while the service holds Cid.
    await harness.core.invoke('discardOutboxItem', { id: cid?.id ?? '' });
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Cid']);
    expect(names(await outboxOf(harness))).toEqual(['Cid:sent']);
  });

  it('when the try ended in doubt, the animal stays for the clerk’s check instead of vanishing', async () => {
    const running = await service();
    let hold: 'garbled' | false = false;
    const relay = await gateway(running, () => hold);
    const harness = await openCore(folder(), relay.url);
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } });
    const [cid] = await outboxOf(harness);
    hold = 'garbled';
    harness.core.setPlatformOnline(true);
    await vi.waitFor(() => expect(posted(relay)).toBe(true));

    await harness.core.invoke('discardOutboxItem', { id: cid?.id ?? '' });
    // The service holds Cid: an outbox with no trace of it lets the clerk type Cid in again.
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Cid']);
    expect(names(await outboxOf(harness))).toEqual(['Cid:needs_attention']);
  });
});
