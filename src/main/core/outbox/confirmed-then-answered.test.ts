/** Two goldfish of one name at the check, only one created; the clerk's "It was created" on the other, then "Send
 * again" on the one created, which resends its own key: the service's answer names the row, and wins over the clerk's
 * word, or both would claim one row and a goldfish be lost. */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { allPets, folder, names, outboxOf, service, storedItems } from '../test-support/harness';
import { openBehind, sentRows } from './test-support';

describe('two Bubbles in doubt at a service that honours keys, only one of them created', () => {
  it('"It was created" on the one not created, "Send again" on the other: each goldfish sent is its own row', async () => {
    const running = await service();
    let posts = 0;
    let createdKey: string | undefined;
    // The first add to arrive reaches the service and its answer is lost; the second is cut before it reaches it.
    // Keys pass both ways (the service honours them); the later adds go through.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST' && (posts += 1) <= 2) {
        if (posts === 1) {
          createdKey = String(request.headers['idempotency-key']);
          await forward(running.url, request, ['content-type', 'idempotency-key']);
        }
        return void response.socket?.destroy();
      }
      passBack(response, await forward(running.url, request, ['content-type', 'idempotency-key']));
    });
    const dataDir = folder();
    const harness = await openBehind(relay, dataDir);
    // Two goldfish added at once (two clerks, two windows): no add of this run was answered, both go to the check.
    const bubbles = { pet: { name: 'Bubbles', categoryId: '3' } };
    await Promise.all([harness.invoke('createPet', bubbles), harness.invoke('createPet', bubbles)]);
    const [made] = await allPets(running.url);
    await vi.waitFor(
      async () => {
        const items = await outboxOf(harness);
        expect(items.map((item) => item.matches?.pets.map((pet) => pet.id))).toEqual([[made?.id], [made?.id]]);
      },
      { timeout: 10_000 },
    );
    const keyOf = (id: string) => storedItems(dataDir).find((one) => one.id === id)?.key;
    const items = await outboxOf(harness);
    const notCreated = items.find((item) => keyOf(item.id) !== createdKey);
    const created = items.find((item) => keyOf(item.id) === createdKey);
    // Both drawers say "On the service: Bubbles #1"; the clerk confirms one ("any one will do").
    await harness.invoke('confirmOutboxItem', { id: notCreated?.id ?? '' });
    // The other now shows no row: the clerk sends it again.
    expect((await outboxOf(harness)).find((item) => item.id === created?.id)?.matches?.pets).toEqual([]);
    await harness.invoke('retryOutboxItem', { id: created?.id ?? '' });
    const settled = async () =>
      vi.waitFor(async () => expect(names(await outboxOf(harness)).join()).not.toMatch(/queued|sending/), {
        timeout: 10_000,
      });
    await settled();
    // The service answered with #1: the one confirmed on the clerk's word alone goes back to the check, offering no row.
    const other = async () => (await outboxOf(harness)).find((item) => item.id === notCreated?.id);
    await vi.waitFor(async () => expect((await other())?.matches?.pets).toEqual([]), { timeout: 10_000 });
    expect(await other()).toMatchObject({ state: 'needs_attention' });
    // The clerk sends it again: it is created now.
    await harness.invoke('retryOutboxItem', { id: notCreated?.id ?? '' });
    await settled();
    const sentAs = await sentRows(harness);
    const onService = (await allPets(running.url)).filter((pet) => pet.name === 'Bubbles').length;
    // Promised: each goldfish sent is its own row on the service (none lost, none twice).
    expect({ onService, rows: new Set(sentAs).size }).toEqual({ onService: 2, rows: 2 });
  });
});
