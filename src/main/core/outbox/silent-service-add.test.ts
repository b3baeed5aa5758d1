/** An add while the service has gone silent waits for the add's answer alone, not for a list first. */
import { describe, expect, it } from 'vitest';
import { refreshed } from '../test-support/catalogue';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, cleanups, folder, openCore, service } from '../test-support/harness';

const TIMEOUT_MS = 2_000;

describe('the service stops answering (a line that swallows every request), and the header says it is not reached', () => {
  it('an add waits one request’s timeout, as before, not the list’s and then its own', async () => {
    const running = await service({ initialPets: SHOP });
    const line = { silent: false };
    const relay = await startRelay(async (request, response) => {
      if (line.silent) return;
      passBack(response, await forward(running.url, request));
    });
    cleanups.push(() => relay.close());
    // Every add would read the list first (no read stands), were the service answering.
    const front = await openCore(folder(), relay.url, {
      requestTimeoutMs: TIMEOUT_MS,
      freshness: { listedForMs: 0 },
    });
    await refreshed(front);
    line.silent = true;
    expect((await refreshed(front)).state).toBe('offline');

    const started = performance.now();
    const outcome = await front.invoke('createPet', { pet: { name: 'Goldie', categoryId: '4' } });
    expect(outcome.outcome).toBe('queued');
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 1.75);
  }, 30_000);
});
