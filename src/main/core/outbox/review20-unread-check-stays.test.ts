/** review20: a check marked unread (one page of the list kept failing) is never looked at again once the service
 * answers its whole list: the drawer keeps saying part of the shop could not be read, for the rest of the run. */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay, type Relay } from '../test-support/relay';
import { SHOP, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('review20: an add in doubt checked while one page of the list failed, then the service mends', () => {
  it('once the whole list reads again (Refresh says fresh), the check is looked at again: no longer "part unread"', async () => {
    const running = await service({ initialPets: Array.from({ length: 16 }, () => SHOP).flat() });
    const line = { failing: false, lostAnswer: true };
    const relay: Relay = await startRelay(async (request, response) => {
      if (line.failing && request.method === 'GET' && /[?&]after=100(&|$)/.test(request.url)) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'storage node down' }));
        return;
      }
      const answer = await forward(running.url, request);
      if (request.method === 'POST' && line.lostAnswer) {
        line.lostAnswer = false;
        line.failing = true;
        response.socket?.destroy();
        return;
      }
      passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url, { requestTimeoutMs: 10_000 });
    await harness.invoke('refreshCatalogue', {});
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await vi.waitFor(
      async () => expect((await outboxOf(harness))[0]?.matches).toMatchObject({ unread: true, complete: false }),
      { timeout: 15_000, interval: 100 },
    );

    // The storage node is back: a Refresh reads the whole shop.
    line.failing = false;
    void harness.invoke('refreshCatalogue', {});
    await vi.waitFor(async () => expect((await harness.invoke('getCatalogue', {})).state).toBe('fresh'), {
      timeout: 30_000,
      interval: 500,
    });
    await vi.waitFor(
      async () => {
        const [rex] = await outboxOf(harness);
        expect(rex?.matches?.unread).toBeUndefined();
        expect(rex?.matches?.complete).toBe(true);
      },
      { timeout: 10_000, interval: 200 },
    );
  }, 60_000);
});
