/** Review 18: a resend refused (4xx) says nothing of the first request, which may have created the animal. */
import { describe, expect, it, vi } from 'vitest';
import { sendJson } from '../main/core/test-support';
import { forward, passBack, startRelay } from '../main/core/test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../main/core/test-support/harness';

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
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url);
    // Rex proves the service honours keys, and tells its time.
    expect(await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      outcome: 'created',
    });
    await harness.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    const lunch = async () => (await outboxOf(harness)).find((one) => one.pet.name === 'Lunch');
    await vi.waitFor(async () => expect((await lunch())?.state).toBe('needs_attention'), { timeout: 8000 });
    expect((await allPets(running.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
    // On main: "rejected" — the drawer says the service refused Lunch, and offers Discard, while the shop holds it.
    expect((await lunch())?.check).toBe('needs_check');
  });
});
