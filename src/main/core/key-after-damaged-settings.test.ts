import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ENVIRONMENTS, defaultSettings } from './settings';
import { memorySecrets, sendJson, startFaultServer } from './test-support';
import { KEY, cleanups, folder, freshCore, openCore, service } from './test-support/harness';

/** A data folder whose demo key is kept as older versions kept it (bare), beside the settings file `damage` leaves. */
async function olderKey(damage: (settingsFile: string) => void) {
  const shop = await service();
  const shipped = await startFaultServer((_request, response) => {
    sendJson(response, 200, '[]');
  });
  cleanups.push(() => shipped.close());
  const secrets = memorySecrets();
  const dataDir = folder();
  const before = await openCore(dataDir, shop.url, { secrets, keychainService: 'legacy-test' });
  await before.core.close();
  await secrets.setPassword('legacy-test', 'demo', KEY);
  damage(join(dataDir, 'settings.json'));
  // The app as shipped: its demo address is the one standing in for the shop's.
  const start = () =>
    freshCore({
      dataDir,
      secrets,
      keychainService: 'legacy-test',
      environmentDefaults: { demo: { baseUrl: shipped.url } },
    });
  const keysSent = () => shipped.requests.map((request) => request.headers.authorization);
  return { start, keysSent };
}

describe('a key kept by an older version, found beside a settings file the power cut zero-filled', () => {
  it('is not handed to the shipped address that stands in for the lost one: it never leaves for a host it was not entered for', async () => {
    const { start, keysSent } = await olderKey((file) => {
      writeFileSync(file, Buffer.alloc(512));
    });
    const core = await start();
    await core.invoke('testConnection', { environmentId: 'demo' });
    await core.invoke('refreshCatalogue', {});
    expect(keysSent()).not.toContain(`Bearer ${KEY}`);
  });

  it('is still not sent there after a restart, and Settings asks for the key again', async () => {
    const { start, keysSent } = await olderKey((file) => {
      writeFileSync(file, Buffer.alloc(512));
    });
    await (await start()).close();
    // The settings file now holds the shipped address, written back at the first start.
    const core = await start();
    const tested = await core.invoke('testConnection', { environmentId: 'demo' });
    await core.invoke('refreshCatalogue', {});
    expect(keysSent()).not.toContain(`Bearer ${KEY}`);
    expect(tested).toMatchObject({ ok: false, error: { kind: 'no_api_key' } });
    const settings = await core.invoke('getSettings', {});
    expect(settings.ok && settings.value.environments.find((environment) => environment.id === 'demo')).toMatchObject({
      hasKey: false,
    });
  });
});

describe('a key kept by an older version for an address this version refuses (plain http on the shop’s network)', () => {
  it('is not handed to the shipped address that takes the refused one’s place', async () => {
    const { start, keysSent } = await olderKey((file) => {
      const settings = defaultSettings(BUILT_IN_ENVIRONMENTS);
      const environments = { ...settings.environments, demo: { baseUrl: 'http://192.168.1.20:8080/v1' } };
      writeFileSync(file, JSON.stringify({ ...settings, environments }));
    });
    await (await start()).close();
    // Started again: the settings file now holds the shipped address in the refused one's place.
    const core = await start();
    await core.invoke('testConnection', { environmentId: 'demo' });
    await core.invoke('refreshCatalogue', {});
    expect(keysSent()).not.toContain(`Bearer ${KEY}`);
  });
});
