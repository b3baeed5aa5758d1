/** A failure in one environment says nothing about another's service: only the one that failed twice backs off. */
import { describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../test-support/fault-proxy';
import { KEY, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

describe('the demo shop cut off while the production shop answers', () => {
  it('a production animal the service refuses once does not hold back the next production animal', async () => {
    const demo = await startFaultProxy((await service()).url, { ignoreKeys: false });
    const production = await startFaultProxy((await service()).url, { ignoreKeys: false });
    cleanups.push(
      () => demo.close(),
      () => production.close(),
    );
    const harness = await openCore(folder(), demo.url);
    await harness.invoke('setBaseUrl', { environmentId: 'production', baseUrl: production.url });
    await harness.invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    // A first add shows production honours keys: a failed one there waits to be resent with its key.
    await harness.invoke('selectEnvironment', { environmentId: 'production' });
    await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    // The clerk queues, offline: one for the demo shop, then two for production.
    harness.core.setPlatformOnline(false);
    await harness.invoke('selectEnvironment', { environmentId: 'demo' });
    await harness.invoke('createPet', { pet: { name: 'Away', categoryId: '1' } });
    await harness.invoke('selectEnvironment', { environmentId: 'production' });
    await harness.invoke('createPet', { pet: { name: 'Broken', categoryId: '2' } });
    await harness.invoke('createPet', { pet: { name: 'Good', categoryId: '2' } });
    // Back online: the demo shop cuts "Away" off, and production answers 500 to "Broken" (one failure each).
    demo.cutOff.add('Away');
    production.broken.add('Broken');
    // Each state of "Good" the screen is told of, as the file holds it.
    const goodStates: string[] = [];
    harness.core.on('onOutbox', ({ items }) => {
      const state = items.find((item) => item.pet.name === 'Good')?.state;
      if (state && state !== goodStates.at(-1)) goodStates.push(state);
    });
    harness.core.setPlatformOnline(true);
    const good = async () => (await outboxOf(harness)).find((item) => item.pet.name === 'Good')?.state;
    await vi.waitFor(async () => expect(await good()).toBe('sent'), { timeout: 10_000, interval: 50 });
    // Marked with Broken in one write, "Good" went right after Broken's one failure: never put back to wait as "down".
    expect(goodStates.slice(goodStates.indexOf('sending'))).toEqual(['sending', 'sent']);
  });
});
