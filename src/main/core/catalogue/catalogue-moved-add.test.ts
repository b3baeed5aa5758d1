import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { cleanups, folder, openCore, service, SHOP } from '../test-support/harness';
import { refreshed, synced } from '../test-support/catalogue';

describe('an add shop A answers after the clerk moved the environment to shop B', () => {
  it('is created at shop A and stays out of shop B’s copy, after a Refresh and a restart too', async () => {
    const shopA = await service({ initialPets: SHOP.slice(0, 5) });
    const shopB = await service({ initialPets: SHOP });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowA = await startRelay(async (request, response) => {
      if (request.method === 'POST') await held;
      const answer = await forward(shopA.url, request, ['content-type', 'idempotency-key']);
      passBack(response, answer);
    });
    cleanups.push(() => slowA.close());
    const dataDir = folder();
    const harness = await openCore(dataDir, slowA.url, {
      confirmKeyOrigin: () => Promise.resolve(true),
      requestTimeoutMs: 5000,
    });
    await synced(harness);
    const adding = harness.invoke('createPet', { pet: { name: 'Only in shop A', categoryId: '2' } });
    await vi.waitFor(() => expect(slowA.requests.some((request) => request.method === 'POST')).toBe(true));
    const before = await harness.invoke('getCatalogue', {});
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopB.url });
    await synced(harness, before.syncedAt ?? 0);
    release();
    expect(await adding).toMatchObject({ outcome: 'created', pet: { id: '6', name: 'Only in shop A' } });
    const copy = await refreshed(harness);
    expect(copy.count).toBe(250);
    expect(copy.pets.find((pet) => pet.id === '6')).toMatchObject({ name: 'Stock 5' });
    await harness.core.close();
    const restarted = await openCore(dataDir, shopB.url);
    const kept = await restarted.invoke('getCatalogue', {});
    expect(kept.pets.filter((pet) => pet.name === 'Only in shop A')).toEqual([]);
  });
});
