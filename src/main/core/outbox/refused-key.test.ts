/** A key the service refuses for adds while its lists still answer (public reads, or a revocation that reached the
 * write path first): the animals waiting are the key's, not their own, and go once a key works. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { KEY, outboxOf, type Harness } from '../test-support/harness';
import { shopBehindGateway, stateOf } from './test-support';

/** A shop behind a gateway, where the key has added one animal; then `names` are queued offline. */
async function shopWithQueued(names: string[], apiKeys?: string[]) {
  const { gateway, harness } = await shopBehindGateway(false, { shop: apiKeys && { apiKeys } });
  await harness.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
  harness.core.setPlatformOnline(false);
  for (const name of names) await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
  return { gateway, harness };
}

/** The clerk works on: each Refresh is answered, since lists still pass. */
async function refresh(harness: Harness, times: number) {
  for (let i = 0; i < times; i += 1) {
    await harness.invoke('refreshCatalogue', {});
    await sleep(500);
  }
}

describe('the key refused for adds (401) while the lists answer', () => {
  it('the waiting animals wait for the key at their own pace, and go once it works again', async () => {
    const { gateway, harness } = await shopWithQueued(['Wait 1', 'Wait 2']);
    gateway.revokedKeys.add(KEY);
    harness.core.setPlatformOnline(true);
    await refresh(harness, 6);
    // Tried at their own pace (1, 2 s…), not at each of the answers the lists got.
    expect(gateway.posts.filter((name) => name.startsWith('Wait')).length).toBeLessThanOrEqual(6);
    // The key is what is refused: nothing before the clerk as "refused".
    expect(await stateOf(harness, 'Wait 1')).toBe('queued');
    gateway.revokedKeys.clear();
    await refresh(harness, 1);
    await vi.waitFor(async () => expect(await stateOf(harness, 'Wait 1')).toBe('sent'), { timeout: 15_000 });
  }, 40_000);

  it('the clerk touching nothing: the header’s own checks (every 5 s) do not turn them into refusals', async () => {
    const { gateway, harness } = await shopWithQueued(['Idle']);
    gateway.revokedKeys.add(KEY);
    harness.core.setPlatformOnline(true);
    await sleep(20_000);
    expect(await stateOf(harness, 'Idle')).toBe('queued');
  }, 40_000);

  it('a new key that works, put in by the clerk, sends the animal waiting at once', async () => {
    const NEW_KEY = 'new-working-key-0123456789';
    const { gateway, harness } = await shopWithQueued(['Late'], [KEY, NEW_KEY]);
    gateway.revokedKeys.add(KEY);
    harness.core.setPlatformOnline(true);
    await refresh(harness, 8);
    const waiting = (await outboxOf(harness)).find((item) => item.pet.name === 'Late');
    expect(waiting?.state).toBe('queued');
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: NEW_KEY });
    await vi.waitFor(async () => expect(await stateOf(harness, 'Late')).toBe('sent'), { timeout: 15_000 });
    // At once, not when its back-off would have let it go.
    const sent = (await outboxOf(harness)).find((item) => item.pet.name === 'Late');
    expect(sent?.sentAt).toBeLessThan(waiting?.nextAttemptAt ?? 0);
  }, 40_000);
});

describe('a key with no right to add (403 on every add) while the lists answer', () => {
  it('the waiting animals are not refused one by one as the animal’s own fault', async () => {
    // A key that has never added an animal here: a 403 says nothing of the animals.
    const { gateway, harness } = await shopBehindGateway(false);
    harness.core.setPlatformOnline(false);
    for (const name of ['Wait 1', 'Wait 2', 'Wait 3']) {
      await harness.invoke('createPet', { pet: { name, categoryId: '2' } });
      gateway.forbidden.add(name);
    }
    harness.core.setPlatformOnline(true);
    await refresh(harness, 6);
    const states = await Promise.all(['Wait 1', 'Wait 2', 'Wait 3'].map((name) => stateOf(harness, name)));
    expect(states).toEqual(['queued', 'queued', 'queued']);
  }, 40_000);
});
