/** Review 18: three goldfish of one name in doubt, the shop holding two: each row is one animal, however many match. */
import { describe, expect, it, vi } from 'vitest';
import { sendJson } from '../main/core/test-support';
import { forward, passBack, startRelay } from '../main/core/test-support/relay';
import { allPets, cleanups, folder, names, openCore, outboxOf, service } from '../main/core/test-support/harness';

describe('three goldfish of the same name added while answers were lost, the shop holding only the first two', () => {
  it('once the clerk has confirmed two against the two rows, the third is not confirmed as well: no goldfish is lost', async () => {
    const running = await service();
    let posts = 0;
    let listsBusy = false;
    // A service that ignores keys; every answer is lost, and only the first two adds reached it. Its lists are busy
    // (503) while the three are added, so each check is looked up once all three are in doubt.
    const relay = await startRelay(async (request, response) => {
      if (request.method === 'POST') {
        posts += 1;
        if (posts <= 2) await forward(running.url, request);
        return void response.socket?.destroy();
      }
      if (listsBusy) {
        sendJson(response, 503, '{"code":"busy","message":"busy","status":503}');
        return;
      }
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
    listsBusy = true;
    for (let one = 0; one < 3; one += 1) {
      await harness.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    }
    listsBusy = false;
    await harness.invoke('refreshCatalogue', {});
    await vi.waitFor(async () =>
      expect((await outboxOf(harness)).map((item) => item.matches?.pets.length)).toEqual([2, 2, 2]),
    );
    // The drawer says "On the service: #2, #1" beside each; the clerk confirms each as it offers it.
    for (const item of await outboxOf(harness)) {
      const shown = (await outboxOf(harness)).find((one) => one.id === item.id);
      if (shown?.matches?.pets.length) await harness.core.invoke('confirmOutboxItem', { id: item.id });
    }

    expect((await allPets(running.url)).filter((pet) => pet.name === 'Goldie')).toHaveLength(2);
    // On main all three read "sent": the third goldfish, never created, is lost.
    expect(names(await outboxOf(harness))).toEqual(['Goldie:sent', 'Goldie:sent', 'Goldie:needs_attention']);
  });
});
