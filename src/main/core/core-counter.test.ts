import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY, folder, freshCore, invoker, openCore, service, value } from './test-support/harness';
import { useDemoService } from './demo-setup';
import { BUILT_IN_ENVIRONMENTS, defaultSettings } from './settings';
import { refreshed } from './test-support/catalogue';

describe("the clerk's screen choices and the demo key", () => {
  it('keeps the language, sort, hidden columns and scanner with the data folder, across a restart', async () => {
    const running = await service();
    const dir = folder();
    const first = await openCore(dir, running.url);
    expect((await first.invoke('getSettings', {})).preferences).toEqual({});
    const preferences = {
      language: 'de',
      sort: { demo: { key: 'name', direction: 'descending' } },
      hiddenColumns: ['category'],
      scanner: false,
    } as const;
    const saved = await first.invoke('setPreferences', { preferences });
    expect(saved.preferences).toEqual(preferences);
    await first.core.close();

    const again = await openCore(dir, running.url);
    expect((await again.invoke('getSettings', {})).preferences).toEqual(preferences);
    // Replaced whole: the language left out follows the system again.
    const reset = await again.invoke('setPreferences', { preferences: { hiddenColumns: [] } });
    expect(reset.preferences).toEqual({ hiddenColumns: [] });
    const refused = await again.core.invoke('setPreferences', { preferences: { language: 'tlh' } });
    expect(refused.ok).toBe(false);
  });

  it('reads a settings file written before the scanner was a preference: its choices kept, the scanner on', async () => {
    const running = await service();
    const dir = folder();
    const before = {
      language: 'fr',
      sort: { demo: { key: 'id', direction: 'descending' } },
      hiddenColumns: ['status'],
    };
    const { environments } = defaultSettings(BUILT_IN_ENVIRONMENTS);
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ version: 1, environments, selected: 'demo', preferences: before }),
    );
    const core = await openCore(dir, running.url);
    const preferences = (await core.invoke('getSettings', {})).preferences;
    expect(preferences).toEqual(before);
    expect(preferences.scanner).toBeUndefined();
  });

  it('puts the demo service’s own key back after a wrong one was saved', async () => {
    const running = await service();
    const core = await freshCore();
    expect(value(await core.invoke('getSettings', {})).demoKeyKnown).toBe(false);
    expect(await core.invoke('restoreDemoKey', {})).toMatchObject({ ok: false, error: { reason: 'no_demo_key' } });

    value(await useDemoService(core, { baseUrl: running.url, apiKey: KEY }));
    value(await core.invoke('setApiKey', { environmentId: 'demo', apiKey: 'a-wrong-key-0123456789' }));
    const harness = { invoke: invoker(core) };
    expect(await refreshed(harness)).toMatchObject({ state: 'error', problem: { kind: 'unauthorized' } });
    const restored = value(await core.invoke('restoreDemoKey', {}));
    expect(restored.demoKeyKnown).toBe(true);
    expect((await refreshed(harness)).state).toBe('fresh');
  });

  it('with the administration locked by policy, addresses and keys cannot be changed, and the demo is left alone', async () => {
    const running = await service();
    const dir = folder();
    const core = await freshCore({
      dataDir: join(dir, 'data'),
      policy: { path: join(dir, 'policy.json'), policy: { lockAdministration: true } },
    });
    expect(value(await core.invoke('getSettings', {})).policy.administrationLocked).toBe(true);
    for (const [method, input] of [
      ['setBaseUrl', { environmentId: 'staging', baseUrl: 'https://elsewhere.example/v1' }],
      ['setApiKey', { environmentId: 'staging', apiKey: KEY }],
      ['clearApiKey', { environmentId: 'staging' }],
    ] as const) {
      expect(await core.invoke(method, input)).toMatchObject({
        ok: false,
        error: { reason: 'managed_administration' },
      });
    }
    const settings = value(await useDemoService(core, { baseUrl: running.url, apiKey: KEY }));
    expect(settings.environments.find((environment) => environment.id === 'demo')?.baseUrl).not.toBe(running.url);
  });
});
