/** "Restore the demo key" after the demo environment was pointed at another service. */
import { describe, expect, it } from 'vitest';
import { useDemoService } from './demo-setup';
import { faults, freshCore, invoker, KEY, service, value } from './test-support/harness';
import { refreshed } from './test-support/catalogue';
import { sendJson } from './test-support';

describe('the demo environment moved to the shop’s training service, then “Restore the demo key” pressed', () => {
  it('does not send the key of the service started alongside to the training service', async () => {
    const embedded = await service();
    // Another host of the shop's (another origin): it lists its own animals to whoever asks.
    const training = await faults((_path, response) => sendJson(response, 200, '[]'));
    const core = await freshCore();
    value(await useDemoService(core, { baseUrl: embedded.url, apiKey: KEY }));
    // The clerk points Demo at the training service; without the clerk's yes the embedded key stays with its origin.
    value(await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: training.url }));
    await refreshed({ invoke: invoker(core) });
    expect(training.requests.map((request) => request.headers.authorization)).not.toContain(`Bearer ${KEY}`);

    // Settings no longer offers "Restore the demo key": that key is the embedded service's, and is refused if asked.
    expect(value(await core.invoke('getSettings', {})).demoKeyKnown).toBe(false);
    expect((await core.invoke('restoreDemoKey', {})).ok).toBe(false);
    await refreshed({ invoke: invoker(core) });
    expect(training.requests.map((request) => request.headers.authorization)).not.toContain(`Bearer ${KEY}`);

    // Pointed back at the embedded service, the key can be put back there.
    value(await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: embedded.url }));
    expect(value(await core.invoke('getSettings', {})).demoKeyKnown).toBe(true);
    expect((await core.invoke('restoreDemoKey', {})).ok).toBe(true);
  });
});
