import { describe, expect, it } from 'vitest';
import { KEY, faults, folder, openCore, service } from './test-support/harness';
import { closedPort, movableClock, sendJson } from './test-support';

describe('the list, from the network and from the cache', () => {
  it('shows the cached list at once, then the fresh one, always saying where it came from', async () => {
    const running = await service({ initialPets: [{ name: 'Rex', categoryId: '1', status: 'available' }] });
    const clock = movableClock();
    const { invoke } = await openCore(folder(), running.url, { now: clock.now });

    expect(await invoke('getCachedPets', { query: { limit: 10 } })).toBeNull();
    const fresh = await invoke('listPets', { query: { limit: 10 } });
    expect(fresh).toMatchObject({ source: 'network', ageMs: 0, environmentId: 'demo' });
    expect(fresh.pets.map((pet) => pet.name)).toEqual(['Rex']);

    clock.advance(90_000);
    const cached = await invoke('getCachedPets', { query: { limit: 10 } });
    expect(cached).toMatchObject({ source: 'cache', fetchedAt: fresh.fetchedAt, pets: fresh.pets });
    expect(cached?.ageMs).toBeGreaterThanOrEqual(90_000);
    expect((await invoke('getSettings', {})).lastQuery).toEqual({ limit: 10 });
  });

  it('never shows one environment the lists of another', async () => {
    const demo = await service({ initialPets: [{ name: 'Demo dog', categoryId: '1' }] });
    const staging = await service({ initialPets: [{ name: 'Staging cat', categoryId: '1' }] });
    const { invoke } = await openCore(folder(), demo.url);
    await invoke('setBaseUrl', { environmentId: 'staging', baseUrl: staging.url });
    await invoke('setApiKey', { environmentId: 'staging', apiKey: KEY });

    await invoke('listPets', { query: { limit: 5 } });
    await invoke('selectEnvironment', { environmentId: 'staging' });
    expect(await invoke('getCachedPets', { query: { limit: 5 } })).toBeNull();
    const list = await invoke('listPets', { query: { limit: 5 } });
    expect(list).toMatchObject({ environmentId: 'staging', pets: [{ name: 'Staging cat' }] });
    await invoke('selectEnvironment', { environmentId: 'demo' });
    expect((await invoke('getCachedPets', { query: { limit: 5 } }))?.pets.map((pet) => pet.name)).toEqual(['Demo dog']);
  });

  it('answers with the cached copy and the reason when the service is busy (429), and waits as asked', async () => {
    let busy = false;
    const fault = await faults((_path, response) =>
      busy
        ? sendJson(response, 429, '{"code":"rate_limited","message":"slow down","status":429}', { 'retry-after': '60' })
        : sendJson(response, 200, '[{"id":1,"name":"Rex","categoryId":1}]'),
    );
    const { invoke } = await openCore(folder(), fault.url);
    await invoke('listPets', { query: { limit: 3 } });
    busy = true;
    const list = await invoke('listPets', { query: { limit: 3 } });
    expect(list).toMatchObject({ source: 'cache', offlineReason: { kind: 'rate_limited', retryAfterSeconds: 60 } });
    const asked = fault.requests.length;
    expect((await invoke('listPets', { query: { limit: 3 } })).source).toBe('cache');
    expect(fault.requests.length).toBe(asked);
  });

  it('lists from a changed address, with a changed key, from the very next request', async () => {
    const first = await service({ initialPets: [{ name: 'First', categoryId: '1' }] });
    const second = await service({ initialPets: [{ name: 'Second', categoryId: '1' }] });
    const { core, invoke } = await openCore(folder(), first.url);
    const listed = async () => (await invoke('listPets', { query: { limit: 5 } })).pets.map((pet) => pet.name);

    expect(await listed()).toEqual(['First']);
    await invoke('setBaseUrl', { environmentId: 'demo', baseUrl: second.url });
    // Another port is another origin: the key is entered again for it.
    await invoke('setApiKey', { environmentId: 'demo', apiKey: KEY });
    expect(await listed()).toEqual(['Second']);
    await invoke('setApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(await core.invoke('listPets', { query: { limit: 5 } })).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized' },
    });
  });

  it('gives the typed error when there is nothing cached to fall back on', async () => {
    const { core } = await openCore(folder(), `http://127.0.0.1:${await closedPort()}/v1`);
    const result = await core.invoke('listPets', { query: { limit: 7 } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
  });
});
