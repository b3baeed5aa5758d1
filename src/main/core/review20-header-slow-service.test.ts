/** review20: with the app's own check settings (a check every 5 s, 4 s to answer), a slow service that answers every
 * request in about 4.5 s is "online": the header's cap (what the 10 s promise leaves) came to 4 s, the quick check's own
 * wait, so the slow branch waits no longer than the quick one and the header calls a working service unreachable. */
import { describe, expect, it } from 'vitest';
import { cleanups, folder, openCore, service } from './test-support/harness';
import { forward, passBack, startRelay } from './test-support/relay';

describe('review20: the header on a slow line, with the default check settings', () => {
  it('keeps saying "online" for a service that answers every request in 4.5 s', async () => {
    const running = await service({ initialPets: [{ name: 'Bubbles', categoryId: '1' }] });
    const relay = await startRelay(async (request, response) => {
      const answer = await forward(running.url, request);
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      passBack(response, answer);
    });
    cleanups.push(() => relay.close());
    const harness = await openCore(folder(), relay.url, { requestTimeoutMs: 30_000 });
    const header = async () => (await harness.invoke('getStatus', {})).connectivity.service;
    await expect.poll(async () => (await header()).health, { timeout: 30_000, interval: 250 }).toBe('online');
    const shown: string[] = [];
    harness.core.on('onConnectivity', (state) => shown.push(state.service.health));
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    expect(shown).not.toContain('offline');
    expect((await header()).health).toBe('online');
  }, 90_000);
});
