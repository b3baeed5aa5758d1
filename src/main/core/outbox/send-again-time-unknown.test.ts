/** "Send again" at the check of an add first sent before the service told its time in this run. */
import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

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
      const answer = await forward(running.url, request);
      const listed: unknown = answer.headers.get('content-type')?.includes('json')
        ? JSON.parse(answer.text)
        : undefined;
      const behind = Array.isArray(listed)
        ? JSON.stringify(listed.filter((pet: { name?: string }) => pet.name !== 'Biscuit'))
        : answer.text;
      const headers = new Headers(answer.headers);
      headers.delete('content-length');
      headers.delete('etag');
      passBack(response, { ...answer, headers, text: behind });
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
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
