import { describe, expect, it } from 'vitest';
import { folder, KEY, openCore, service } from './test-support/harness';

/** What the header says for the environment in use, from real requests to the reference service. */
describe('the header tells the truth about the environment in use', () => {
  it('says "no key", then "not checked yet", then "online" once the service answered', async () => {
    const running = await service();
    const { invoke } = await openCore(folder(), running.url);
    await invoke('selectEnvironment', { environmentId: 'staging' });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'no_key' });

    await invoke('selectEnvironment', { environmentId: 'demo' });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'unchecked' });

    await invoke('listPets', { query: { limit: 5 } });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'online' });
  });

  it('passes through "connecting" while the first request is under way', async () => {
    const running = await service();
    // A slow network: the answer comes after a pause.
    const slowFetch: typeof fetch = async (input, init) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return fetch(input, init);
    };
    const { core, invoke } = await openCore(folder(), running.url, { fetch: slowFetch });
    const seen: string[] = [];
    core.on('onConnectivity', (state) => seen.push(state.service.health));
    await invoke('listPets', { query: { limit: 5 } });
    expect(seen).toEqual(['connecting', 'online']);
  });

  it('calls a refused key a service error, not "online" or "offline"', async () => {
    const running = await service({ apiKeys: ['another-key'] });
    const { core, invoke } = await openCore(folder(), running.url);
    await core.invoke('listPets', { query: { limit: 5 } });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({
      health: 'service_error',
      problem: 'key_refused',
    });
  });

  it('calls a host name that does not exist a wrong address, not "offline"', async () => {
    const { core, invoke } = await openCore(folder(), 'https://no-such-host.invalid/v1');
    await core.invoke('listPets', { query: { limit: 5 } });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({
      health: 'service_error',
      problem: 'address_not_found',
    });
  });

  it('says "service unreachable" when the service stops answering, and "not checked yet" for a new key', async () => {
    const running = await service();
    const { core, invoke } = await openCore(folder(), running.url);
    await invoke('listPets', { query: { limit: 5 } });
    await running.close();
    await core.invoke('listPets', { query: { limit: 5 } });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'offline', problem: 'unreachable' });

    await invoke('setApiKey', { environmentId: 'demo', apiKey: `${KEY}-new` });
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'unchecked' });
  });

  it('says "no network" whatever the last answer was when the computer itself is offline', async () => {
    const running = await service();
    const { core, invoke } = await openCore(folder(), running.url);
    await invoke('listPets', { query: { limit: 5 } });
    core.setPlatformOnline(false);
    expect((await invoke('getStatus', {})).connectivity.service).toEqual({ health: 'offline', problem: 'no_network' });
  });
});
