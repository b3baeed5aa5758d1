import { describe, expect, it } from 'vitest';
import { faults, folder, KEY, openCore, service } from './core-harness';
import { sendJson } from './test-support';

describe('"Test and save": a key is tried before it is stored', () => {
  it('a refused key is reported and stores nothing; the stored key keeps working', async () => {
    const running = await service();
    const { core, invoke } = await openCore(folder(), running.url);
    const tried = await core.invoke('testApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(tried.ok ? 'ok' : tried.error.kind).toBe('unauthorized');
    expect(await invoke('listPets', { query: { limit: 3 } })).toMatchObject({ source: 'network' });
  });

  it('a key the service repeats in its refusal is not repeated to the page or the log', async () => {
    const typed = 'typed-candidate-Key-5b1e77';
    const echoing = await faults((_path, response) =>
      sendJson(response, 400, JSON.stringify({ code: 'bad_request', message: `bad key ${typed}`, status: 400 })),
    );
    const logged: string[] = [];
    const log = (...parts: unknown[]) => logged.push(parts.map(String).join(' '));
    const { core } = await openCore(folder(), echoing.url, {
      logger: { debug: log, info: log, warn: log, error: log },
    });
    const tried = await core.invoke('testApiKey', { environmentId: 'demo', apiKey: typed });
    expect(tried).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        reason: 'values_refused',
        status: 400,
        params: { serviceSaid: 'bad key [redacted]' },
      },
    });
    expect(logged.join('\n')).not.toContain(typed);
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

  it('a key that worked in its test and is then saved reads "online" at once, not "not checked yet"', async () => {
    const running = await service();
    const { invoke } = await openCore(folder(), running.url);
    await invoke('setBaseUrl', { environmentId: 'staging', baseUrl: running.url });
    await invoke('selectEnvironment', { environmentId: 'staging' });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'no_key' });
    await invoke('testApiKey', { environmentId: 'staging', apiKey: KEY });
    await invoke('setApiKey', { environmentId: 'staging', apiKey: KEY });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'online' });
    // Another key, not tried: nothing is known of it yet.
    await invoke('setApiKey', { environmentId: 'staging', apiKey: `${KEY}-other` });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'unchecked' });
  });
});
