import { describe, expect, it } from 'vitest';
import { KEY, faults, folder, openCore, service } from './test-support/harness';
import { refreshed, synced } from './test-support/catalogue';
import { closedPort, sendJson } from './test-support';

const names = (pets: Array<{ name: string }>) => pets.map((pet) => pet.name);

describe('the list reads the catalogue, from the service and on this computer', () => {
  it('keeps the copy and says why when the service is busy (429), and waits as asked', async () => {
    let busy = false;
    const fault = await faults((_path, response) =>
      busy
        ? sendJson(response, 429, '{"code":"rate_limited","message":"slow down","status":429}', { 'retry-after': '60' })
        : sendJson(response, 200, '[{"id":1,"name":"Rex","categoryId":1}]'),
    );
    const harness = await openCore(folder(), fault.url);
    const fresh = await synced(harness);
    expect(names(fresh.pets)).toEqual(['Rex']);
    busy = true;
    const copy = await refreshed(harness);
    expect(copy).toMatchObject({
      state: 'offline',
      problem: { kind: 'rate_limited', retryAfterSeconds: 60 },
      pets: fresh.pets,
      syncedAt: fresh.syncedAt,
    });
    const asked = fault.requests.length;
    expect((await refreshed(harness)).state).toBe('offline');
    expect(fault.requests.length).toBe(asked);
  });

  it('shows a changed address’s animals, with a changed key, from the very next sync', async () => {
    const first = await service({ initialPets: [{ name: 'First', categoryId: '1' }] });
    const second = await service({ initialPets: [{ name: 'Second', categoryId: '1' }] });
    const harness = await openCore(folder(), first.url);
    expect(names((await synced(harness)).pets)).toEqual(['First']);

    await harness.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: second.url });
    // Another port is another origin: the key is entered again for it.
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: KEY });
    expect(names((await refreshed(harness)).pets)).toEqual(['Second']);
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(await refreshed(harness)).toMatchObject({ state: 'error', problem: { kind: 'unauthorized' } });
  });

  it('a wrong key replaced by the right one ("Test and save"): the catalogue syncs by itself, with no Refresh', async () => {
    const running = await service({ initialPets: [{ name: 'Before', categoryId: '1' }] });
    const harness = await openCore(folder(), running.url);
    const first = await synced(harness);
    expect(names(first.pets)).toEqual(['Before']);
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(await refreshed(harness)).toMatchObject({ state: 'error', problem: { kind: 'unauthorized' } });
    // Another counter adds an animal meanwhile; then the right key goes back in, with no Refresh.
    running.insertPets([{ name: 'Meanwhile', categoryId: '1' }]);
    const before = Date.now();
    // "Test and save", as Settings does it: tried first, then stored.
    await harness.invoke('testApiKey', { environmentId: 'demo', apiKey: KEY });
    await harness.invoke('setApiKey', { environmentId: 'demo', apiKey: KEY });
    expect(names((await synced(harness, before)).pets)).toEqual(['Before', 'Meanwhile']);
  });

  it('gives the typed reason when nothing was ever synced to fall back on', async () => {
    const harness = await openCore(folder(), `http://127.0.0.1:${await closedPort()}/v1`);
    const catalogue = await refreshed(harness);
    expect(catalogue).toMatchObject({ state: 'offline', problem: { kind: 'unreachable' }, count: 0, syncedAt: null });
  });
});
