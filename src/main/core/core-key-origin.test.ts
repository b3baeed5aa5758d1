import { describe, expect, it } from 'vitest';
import { KEY, faults, folder, openCore, service } from './test-support/harness';
import { memorySecrets, sendJson } from './test-support';
import { refreshed } from './test-support/catalogue';

describe('a key goes only where it was entered for', () => {
  it('a changed address to another origin does not get the key: the clerk enters it again (the preview)', async () => {
    const real = await service();
    const elsewhere = await faults((_path, response) => sendJson(response, 200, '[]'));
    const harness = await openCore(folder(), real.url);
    const { core, invoke } = harness;

    const moved = await invoke('setBaseUrl', { environmentId: 'demo', baseUrl: elsewhere.url });
    expect(moved.environments.find((environment) => environment.id === 'demo')?.hasKey).toBe(false);
    const test = await core.invoke('testConnection', { environmentId: 'demo' });
    expect(test).toMatchObject({ ok: false, error: { kind: 'no_api_key' } });
    expect(await refreshed(harness)).toMatchObject({ state: 'error', problem: { kind: 'no_api_key' } });
    expect(elsewhere.requests).toHaveLength(0);

    // Entered again for the new address, it goes there.
    await invoke('setApiKey', { environmentId: 'demo', apiKey: KEY });
    await invoke('testConnection', { environmentId: 'demo' });
    expect(elsewhere.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('in the app, the main process asks the clerk, and only a yes lets the key follow', async () => {
    const real = await service();
    const elsewhere = await faults((_path, response) => sendJson(response, 200, '[]'));
    const asked: string[] = [];
    let answer = false;
    const { core, invoke } = await openCore(folder(), real.url, {
      confirmKeyOrigin: (environmentId, from, to) => {
        asked.push(`${environmentId}: ${from} -> ${to}`);
        return Promise.resolve(answer);
      },
    });
    await invoke('setBaseUrl', { environmentId: 'demo', baseUrl: elsewhere.url });
    expect(asked).toEqual([`demo: ${new URL(real.url).origin} -> ${new URL(elsewhere.url).origin}`]);
    expect(await core.invoke('testConnection', { environmentId: 'demo' })).toMatchObject({ ok: false });
    expect(elsewhere.requests).toHaveLength(0);

    answer = true;
    await invoke('setBaseUrl', { environmentId: 'demo', baseUrl: real.url });
    await invoke('setBaseUrl', { environmentId: 'demo', baseUrl: elsewhere.url });
    await invoke('testConnection', { environmentId: 'demo' });
    expect(elsewhere.requests).toHaveLength(1);

    // Another path on the same origin is the same service: no question, no re-entry.
    asked.length = 0;
    await invoke('setBaseUrl', { environmentId: 'demo', baseUrl: `${new URL(elsewhere.url).origin}/shop/v1` });
    expect(asked).toEqual([]);
  });

  it('a redirect never carries the key: the answer is an error and the other host hears nothing', async () => {
    const other = await faults((_path, response) => response.end('[]'));
    const redirecting = await faults((_path, response) => {
      response.writeHead(302, { location: `${other.url}/pets?limit=5` });
      response.end();
    });
    const harness = await openCore(folder(), redirecting.url);
    const catalogue = await refreshed(harness);
    expect(catalogue.state).not.toBe('fresh');
    expect(catalogue.count).toBe(0);
    expect(other.requests).toHaveLength(0);
    // Said as what it is (the address sends the app elsewhere), not as a network that is down.
    expect(catalogue.problem).toEqual({ kind: 'invalid_response', reason: 'redirected' });
    expect((await harness.invoke('getStatus', {})).connectivity.service).toEqual({
      health: 'service_error',
      problem: 'invalid_response',
    });
  });

  it('a key stored before keys were bound is bound to the address in use when the app starts', async () => {
    const real = await service();
    const secrets = memorySecrets();
    const dir = folder();
    const first = await openCore(dir, real.url, { secrets, keychainService: 'legacy-test' });
    await first.core.close();
    // An entry as older versions wrote it: the bare key.
    await secrets.setPassword('legacy-test', 'demo', KEY);
    const again = await openCore(dir, real.url, { secrets, keychainService: 'legacy-test' });
    expect((await refreshed(again)).state).toBe('fresh');
    expect(JSON.parse((await secrets.getPassword('legacy-test', 'demo')) ?? '{}')).toEqual({
      key: KEY,
      origin: new URL(real.url).origin,
    });
  });
});
