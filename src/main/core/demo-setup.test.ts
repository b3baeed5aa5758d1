import { describe, expect, it } from 'vitest';
import { cleanups, value } from './test-support/harness';
import { useDemoService } from './demo-setup';
import { createCore } from './index';
import type { PolicyDocument } from './policy';
import { capturingLogger, memorySecrets, tempDir } from './test-support';

const DEMO = { baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'demo-key-0123456789abcdef' };

/** A core on a real data folder; `secrets` stays the same across "restarts", as a keychain would. */
async function start(dataDir: string, secrets = memorySecrets(), policy?: PolicyDocument) {
  const core = await createCore({
    dataDir,
    fetch,
    secrets,
    logger: capturingLogger(),
    appVersion: '0.1.0-test',
    ...(policy && { policy: { path: 'policy.json', policy } }),
  });
  cleanups.push(() => core.close());
  return core;
}

/** A counter left on production, whose key was never entered. */
async function leftOnProduction(dataDir: string) {
  const core = await start(dataDir);
  value(await core.invoke('selectEnvironment', { environmentId: 'production' }));
  return core;
}

describe('the one first-run demo set-up (shell and web preview)', () => {
  it('a first run lands on the demo service, its address and key already in place', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const settings = value(await useDemoService(await leftOnProduction(dir.path), DEMO));
    expect(settings.selected).toBe('demo');
    expect(settings.environments.find((environment) => environment.id === 'demo')).toMatchObject({
      baseUrl: DEMO.baseUrl,
      hasKey: true,
    });
  });

  it('without a key it still lands on the demo service, and the clerk is asked for one', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const settings = value(await useDemoService(await leftOnProduction(dir.path), { baseUrl: DEMO.baseUrl }));
    expect(settings.selected).toBe('demo');
    expect(settings.environments.find((environment) => environment.id === 'demo')?.hasKey).toBe(false);
  });

  it('leaves a clerk’s own choice alone once that environment has a key', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const secrets = memorySecrets();
    const first = await start(dir.path, secrets);
    value(await first.invoke('setApiKey', { environmentId: 'staging', apiKey: 'staging-key-0123456789' }));
    value(await first.invoke('selectEnvironment', { environmentId: 'staging' }));
    await first.close();
    const settings = value(await useDemoService(await start(dir.path, secrets), DEMO));
    expect(settings.selected).toBe('staging');
  });

  it('selects nothing when asked not to (a test of the first-run screen)', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const settings = value(await useDemoService(await leftOnProduction(dir.path), DEMO, { selectOnFirstRun: false }));
    expect(settings.selected).toBe('production');
  });

  it('leaves the demo environment alone where the policy hides or locks it', async () => {
    for (const policy of [
      { hideDemo: true },
      { environments: { demo: { baseUrl: 'http://127.0.0.1:4999/v1', locked: true } } },
    ]) {
      const dir = tempDir();
      cleanups.push(dir.remove);
      const settings = value(await useDemoService(await start(dir.path, memorySecrets(), policy), DEMO));
      // Hidden, the first run's demo selection moves to production; locked, it keeps the policy's address and no key.
      expect(settings.selected).toBe(policy.hideDemo ? 'production' : 'demo');
      const demo = settings.environments.find((environment) => environment.id === 'demo');
      expect(demo === undefined || (demo.baseUrl === 'http://127.0.0.1:4999/v1' && !demo.hasKey)).toBe(true);
    }
  });
});
