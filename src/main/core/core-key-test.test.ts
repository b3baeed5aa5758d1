import { describe, expect, it } from 'vitest';
import { folder, KEY, openCore, service } from './core-harness';

describe('"Test and save": a key is tried before it is stored', () => {
  it('a refused key is reported and stores nothing; the stored key keeps working', async () => {
    const running = await service();
    const { core, invoke } = await openCore(folder(), running.url);
    const tried = await core.invoke('testApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(tried.ok ? 'ok' : tried.error.kind).toBe('unauthorized');
    expect(await invoke('listPets', { query: { limit: 3 } })).toMatchObject({ source: 'network' });
  });

  it('a working key answers with the time it took and is still not stored until saved', async () => {
    const running = await service();
    const { invoke } = await openCore(folder(), running.url);
    await invoke('setBaseUrl', { environmentId: 'staging', baseUrl: running.url });
    const tried = await invoke('testApiKey', { environmentId: 'staging', apiKey: KEY });
    expect(tried.environmentId).toBe('staging');
    const staging = (await invoke('getSettings', {})).environments.find((item) => item.id === 'staging');
    expect(staging?.hasKey).toBe(false);
  });
});
