/** An add in doubt in an environment not in use: its service is asked its time, and the animal goes once. */
import { describe, expect, it, vi } from 'vitest';
import { KEY, allPets, openCore, service } from '../test-support/harness';
import { itemNamed, lunchLost, shopBehindGateway } from './test-support';

describe('an add in doubt in the demo shop, the clerk working in production', () => {
  it('after a restart, Lunch (lost an hour ago where keys are honoured) is resent with its key and held once', async () => {
    const {
      running: demoShop,
      gateway: proxy,
      harness: before,
      dataDir,
    } = await shopBehindGateway(false, {
      shop: { initialPets: [] },
    });
    const production = await service();
    await before.invoke('setBaseUrl', { environmentId: 'production', baseUrl: production.url });
    await before.invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    // Rex proves the demo shop honours keys; Lunch's answer is lost.
    await before.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    await lunchLost(before, proxy);
    before.core.setPlatformOnline(false);
    await before.invoke('selectEnvironment', { environmentId: 'production' });
    await before.core.close();

    // The app starts again in production (its key entered again: these tests keep keys in memory only).
    const after = await openCore(dataDir, proxy.url);
    await after.invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    await after.invoke('testConnection', { environmentId: 'production' });
    const lunch = async () => (await itemNamed(after, 'Lunch'))?.state;
    await vi.waitFor(async () => expect(await lunch()).toBe('sent'), { timeout: 10_000 });
    expect((await allPets(demoShop.url)).filter((pet) => pet.name === 'Lunch')).toHaveLength(1);
  });
});
