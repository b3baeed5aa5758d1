/** "Send again" at the check of an add whose answer was lost: it goes with the key it first went with, whatever the
 * counter knew at the press (the service's time, its key). */
import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay, type UpstreamAnswer } from '../test-support/relay';
import { KEY, SHOP, allPets, folder, openCore, outboxOf, service } from '../test-support/harness';
import { openBehind, rexCreated } from './test-support';

/** A list's answer a moment behind the adds (a cache): Biscuit, just created, is not in it yet. */
function withoutBiscuit(answer: UpstreamAnswer): UpstreamAnswer {
  const listed: unknown = answer.headers.get('content-type')?.includes('json') ? JSON.parse(answer.text) : undefined;
  if (!Array.isArray(listed)) return answer;
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  headers.delete('etag');
  const text = JSON.stringify(listed.filter((pet: { name?: string }) => pet.name !== 'Biscuit'));
  return { ...answer, headers, text };
}

describe('an add made before the service answered anything in this run (just woken, the network flaky)', () => {
  it('its answer lost, the list a moment behind: "Send again" sends its own key, and the service holds it once', async () => {
    const running = await service({ initialPets: SHOP });
    // Nothing answered before the add (its time unknown); then lists a moment behind the adds (a cache).
    let answering = false;
    let posts = 0;
    const waiting: ServerResponse[] = [];
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST') {
        const answer = await forward(running.url, request, ['content-type', 'idempotency-key']);
        // The first add's answer is lost on the way back.
        if ((posts += 1) === 1) response.socket?.destroy();
        else passBack(response, answer);
        return;
      }
      if (!answering) {
        waiting.push(response);
        return;
      }
      passBack(response, withoutBiscuit(await forward(running.url, request)));
    });
    const harness = await openBehind(relay);
    const outcome = await harness.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
    const { id } = outcome.item;
    const onService = async () => (await allPets(running.url)).filter((pet) => pet.name === 'Biscuit').length;
    expect(await onService()).toBe(1);
    answering = true;
    for (const response of waiting.splice(0)) response.socket?.destroy();
    // The check's list does not show Biscuit yet: "No animal with this name and category is on the service now".
    await vi.waitFor(
      async () => expect((await outboxOf(harness)).find((one) => one.id === id)?.matches?.pets).toEqual([]),
      { timeout: 10_000, interval: 50 },
    );
    await harness.invoke('retryOutboxItem', { id });
    await vi.waitFor(async () => expect((await outboxOf(harness)).find((one) => one.id === id)?.state).toBe('sent'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await onService()).toBe(1);
  });
});

describe('an add whose answer was lost, at the check, "Send again" pressed while the key is being entered again', () => {
  it('the same key back, the animal goes with the key it first went with: the service holds it once', async () => {
    const running = await service({ initialPets: SHOP });
    // Biscuit's adds are created and their answers lost while `cutting`; lists are a moment behind the adds (a cache).
    let cutting = false;
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(
        running.url,
        request,
        request.method === 'POST' ? ['content-type', 'idempotency-key'] : undefined,
      );
      if (request.method === 'POST') {
        if (cutting) response.socket?.destroy();
        else passBack(response, answer);
        return;
      }
      passBack(response, withoutBiscuit(answer));
    });
    const harness = await openBehind(relay);
    await rexCreated(harness);
    cutting = true;
    const outcome = await harness.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
    if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
    const { id } = outcome.item;
    const onService = async () => (await allPets(running.url)).filter((pet) => pet.name === 'Biscuit').length;
    expect(await onService()).toBe(1);
    // A typo seen: the edit is refused and Biscuit waits for the check; the network is fine again meanwhile.
    const edited = await harness.core.invoke('editOutboxItem', { id, pet: { name: 'Biscuits', categoryId: '2' } });
    expect(edited).toMatchObject({ ok: false, error: { reason: 'outbox_item_check_first' } });
    cutting = false;
    // The check's list does not show Biscuit yet: "No animal with this name and category is on the service now".
    await vi.waitFor(
      async () => expect((await outboxOf(harness)).find((one) => one.id === id)?.matches?.pets).toEqual([]),
      { timeout: 10_000, interval: 50 },
    );
    // The clerk takes the key out to paste it again, presses "Send again" meanwhile, and puts the same key back.
    await harness.invoke('clearApiKey', { environmentId: 'demo' });
    await harness.invoke('retryOutboxItem', { id });
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: KEY });
    await vi.waitFor(async () => expect((await outboxOf(harness)).find((one) => one.id === id)?.state).toBe('sent'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await onService()).toBe(1);
  });
});

/**
 * A shop of 250 behind a line that drops keys; Biscuit's first answer lost, the check looked up while the list lagged
 * ("No animal with this name and category is on the service now"); the app closed, and opened the next morning, the
 * list whole again: the counter as it opens.
 */
async function openedTheMorningAfter() {
  const running = await service({ initialPets: SHOP });
  let lagging = true;
  let posts = 0;
  const relay = await startRelay(async (request, response) => {
    const answer = await forward(running.url, request);
    if (request.method === 'POST' && (posts += 1) === 1) {
      response.socket?.destroy();
      return;
    }
    passBack(response, lagging && request.method === 'GET' ? withoutBiscuit(answer) : answer);
  });
  const dataDir = folder();
  const first = await openBehind(relay, dataDir);
  const outcome = await first.invoke('createPet', { pet: { name: 'Biscuit', categoryId: '2' } });
  if (outcome.outcome !== 'queued') throw new Error(`expected the add to wait, got ${outcome.outcome}`);
  const { id } = outcome.item;
  await vi.waitFor(
    async () => expect((await outboxOf(first)).find((one) => one.id === id)?.matches?.pets).toEqual([]),
    { timeout: 10_000, interval: 50 },
  );
  await first.core.close();
  lagging = false;
  const [made] = (await allPets(running.url)).filter((pet) => pet.name === 'Biscuit');
  const harness = await openCore(dataDir, relay.url);
  const biscuit = async () => (await outboxOf(harness)).find((one) => one.id === id);
  return { running, harness, id, made, biscuit };
}

describe('an add in doubt checked while the list lagged, the app closed and opened the next morning', () => {
  it('the check shows the Biscuit the shop holds now, never yesterday’s empty rows', async () => {
    const { made, biscuit } = await openedTheMorningAfter();
    expect(made).toBeDefined();
    await vi.waitFor(async () => expect((await biscuit())?.matches?.pets.map((pet) => pet.id)).toEqual([made?.id]), {
      timeout: 10_000,
      interval: 100,
    });
  }, 40_000);

  it('the clerk presses what the drawer offers as soon as it offers it: the shop holds one Biscuit', async () => {
    const { running, harness, id, biscuit } = await openedTheMorningAfter();
    await vi.waitFor(
      async () => {
        const shown = await biscuit();
        if (!shown?.matches) throw new Error('rows not looked up yet');
        const method = shown.matches.pets.length === 0 ? 'retryOutboxItem' : 'confirmOutboxItem';
        expect(await harness.core.invoke(method, { id })).toMatchObject({ ok: true });
      },
      { timeout: 10_000, interval: 20 },
    );
    await vi.waitFor(async () => expect((await biscuit())?.state).toBe('sent'), { timeout: 10_000, interval: 50 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Biscuit')).toHaveLength(1);
  }, 40_000);
});
