/** An environment that cannot be sent to (no key) holds back its own animals only, whichever was added first. */
import { describe, expect, it, vi } from 'vitest';
import { KEY, folder, openCore, outboxOf, service } from '../test-support/harness';
import { told } from './test-support';

describe('an animal waiting for production, whose key the clerk removed, then one for the demo shop', () => {
  it('the demo shop’s goes as soon as the counter is online; production’s waits for a key', async () => {
    const harness = await openCore(folder(), (await service()).url);
    await harness.invoke('setBaseUrl', { environmentId: 'production', baseUrl: (await service()).url });
    await harness.invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    harness.core.setPlatformOnline(false);
    await harness.invoke('selectEnvironment', { environmentId: 'production' });
    await harness.invoke('createPet', { pet: { name: 'Keyless', categoryId: '1' } });
    await harness.invoke('clearApiKey', { environmentId: 'production' });
    await harness.invoke('selectEnvironment', { environmentId: 'demo' });
    await harness.invoke('createPet', { pet: { name: 'Demo', categoryId: '1' } });
    harness.core.setPlatformOnline(true);
    const stateOf = async (name: string) => told((await outboxOf(harness)).find((item) => item.pet.name === name));
    await vi.waitFor(async () => expect(await stateOf('Demo')).toBe('sent'), { timeout: 5_000, interval: 50 });
    expect(await stateOf('Keyless')).toBe('queued');
  });
});
