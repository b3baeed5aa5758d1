import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memorySecrets, sendJson, startFaultServer } from './test-support';
import { KEY, cleanups, folder, freshCore, openCore, service } from './test-support/harness';

describe('a key kept by an older version, found beside a settings file the power cut zero-filled', () => {
  it('is not handed to the shipped address that stands in for the lost one: it never leaves for a host it was not entered for', async () => {
    const shop = await service();
    const shipped = await startFaultServer((_request, response) => {
      sendJson(response, 200, '[]');
    });
    cleanups.push(() => shipped.close());
    const secrets = memorySecrets();
    const dataDir = folder();
    const before = await openCore(dataDir, shop.url, { secrets, keychainService: 'legacy-test' });
    await before.core.close();
    // The key as older versions kept it (bare, for the address in the settings), and the settings file zeroed.
    await secrets.setPassword('legacy-test', 'demo', KEY);
    writeFileSync(join(dataDir, 'settings.json'), Buffer.alloc(512));

    const core = await freshCore({
      dataDir,
      secrets,
      keychainService: 'legacy-test',
      environmentDefaults: { demo: { baseUrl: shipped.url } },
    });
    await core.invoke('testConnection', { environmentId: 'demo' });
    await core.invoke('refreshCatalogue', {});
    expect(shipped.requests.map((request) => request.headers.authorization)).not.toContain(`Bearer ${KEY}`);
  });
});
