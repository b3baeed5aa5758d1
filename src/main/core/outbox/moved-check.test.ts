/** The clerk's check of an add in doubt after the environment moved to another address (perhaps another shop). */
import { describe, expect, it, vi } from 'vitest';
import { forward, passBack, startRelay } from '../test-support/relay';
import { SHOP, allPets, cleanups, folder, openCore, outboxOf, service } from '../test-support/harness';

const AGREE = { confirmKeyOrigin: () => Promise.resolve(true) };
const bellas = async (url: string) => (await allPets(url)).filter((pet) => pet.name === 'Bella').length;

describe('Bella in doubt in shop A, and the environment moved to shop B', () => {
  it('the check says it was sent elsewhere (not once back at A); "Send again" adds it to B, each shop holding one', async () => {
    const shopA = await service({ initialPets: SHOP });
    const shopB = await service({ initialPets: SHOP.slice(0, 5) });
    // Shop A's line drops keys, and the first add's answer is lost on the way back.
    let posts = 0;
    const lineA = await startRelay(async (request, response) => {
      const answer = await forward(shopA.url, request);
      if (request.method === 'POST' && (posts += 1) === 1) response.socket?.destroy();
      else passBack(response, answer);
    });
    cleanups.push(() => lineA.close());
    const harness = await openCore(folder(), lineA.url, AGREE);
    expect((await harness.invoke('createPet', { pet: { name: 'Bella', categoryId: '2' } })).outcome).toBe('queued');
    const bella = async () => (await outboxOf(harness))[0];
    await vi.waitFor(async () => expect((await bella())?.matches?.pets).toHaveLength(1), { timeout: 15_000 });
    expect((await bella())?.sentElsewhere).toBeUndefined();

    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopB.url });
    expect(await bella()).toMatchObject({ check: 'needs_check', sentElsewhere: true });
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: lineA.url });
    expect((await bella())?.sentElsewhere).toBeUndefined();

    // The clerk, told, adds it to shop B all the same.
    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: shopB.url });
    await harness.invoke('retryOutboxItem', { id: (await bella())?.id });
    await vi.waitFor(async () => expect(await bellas(shopB.url)).toBe(1), { timeout: 15_000 });
    expect(await bellas(shopA.url)).toBe(1);
  }, 40_000);
});
