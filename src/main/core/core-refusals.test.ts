import { describe, expect, it } from 'vitest';
import { folder, openCore, service } from './test-support/harness';
import { refreshed } from './test-support/catalogue';

describe('requests the core refuses before calling anyone', () => {
  it('explains bad input field by field', async () => {
    const { core } = await openCore(folder(), 'http://127.0.0.1:1/v1');
    // Only the field at fault is named; a schema without its own code for the problem says `invalid`.
    expect(await core.invoke('editOutboxItem', { id: 'not-a-uuid', pet: { name: 'Rex', categoryId: '1' } })).toEqual({
      ok: false,
      error: { kind: 'invalid_input', reason: 'invalid_value', fields: { id: 'invalid' } },
    });
    expect(await core.invoke('refreshCatalogue', { force: true })).toEqual({
      ok: false,
      error: { kind: 'invalid_input', reason: 'invalid_value', fields: { _: 'invalid' } },
    });
    expect(await core.invoke('createPet', { pet: { name: 'Rex', categoryId: 1 } })).toEqual({
      ok: false,
      error: { kind: 'invalid_input', reason: 'invalid_value', fields: { pet: 'invalid' } },
    });
    // The shared address schema says exactly what is wrong: plain http to another machine.
    expect(
      await core.invoke('setBaseUrl', { environmentId: 'production', baseUrl: 'http://petstore.example.com/v1' }),
    ).toEqual({
      ok: false,
      error: { kind: 'invalid_input', reason: 'invalid_value', fields: { baseUrl: 'address_plain_http' } },
    });
    expect(await core.invoke('getStatus', 'not an object')).toEqual({
      ok: false,
      error: { kind: 'invalid_input', reason: 'invalid_value', fields: { _: 'invalid' } },
    });
  });

  it('asks for a key before using an environment without one', async () => {
    const harness = await openCore(folder(), 'http://127.0.0.1:1/v1');
    const { core, invoke } = harness;
    await invoke('clearApiKey', { environmentId: 'demo' });
    expect((await invoke('getSettings', {})).environments.find((env) => env.id === 'demo')?.hasKey).toBe(false);
    expect(await refreshed(harness)).toMatchObject({ state: 'error', problem: { kind: 'no_api_key' } });
    expect(await core.invoke('lookupPet', { id: '1' })).toMatchObject({ ok: false, error: { kind: 'no_api_key' } });
    expect(await core.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } })).toMatchObject({
      ok: false,
      error: { kind: 'no_api_key' },
    });
  });

  it('tests a connection with the stored key and reports a wrong one', async () => {
    const running = await service();
    const { core, invoke } = await openCore(folder(), running.url);
    expect(await invoke('testConnection', { environmentId: 'demo' })).toMatchObject({ environmentId: 'demo' });
    await invoke('setApiKey', { environmentId: 'demo', apiKey: 'not-the-key' });
    expect(await core.invoke('testConnection', { environmentId: 'demo' })).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized' },
    });
  });
});
