import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY, cleanups, faults, folder, openCore, service, value } from './test-support/harness';
import { createCore } from './index';
import { NO_POLICY } from './policy';
import { readPolicy } from './policy-read';
import { capturingLogger, memorySecrets, sendJson } from './test-support';
import type { CoreOptions } from './core';
import { refreshed } from './test-support/catalogue';

const OFFLINE_DEMO = 'http://127.0.0.1:1/v1';
const AS_FOLDER = Symbol('a folder at the path');

/** A real policy file under a temp folder, read the way the shell reads it, and a core started with it. */
async function startWith(contents: string | typeof AS_FOLDER | undefined, extra: Partial<CoreOptions> = {}) {
  const dir = folder();
  const path = join(dir, 'policy.json');
  if (contents === AS_FOLDER) mkdirSync(path);
  else if (contents !== undefined) writeFileSync(path, contents);
  const policy = await readPolicy(path, (file) => readFile(file, 'utf8'));
  const harness = await openCore(join(dir, 'data'), OFFLINE_DEMO, { ...extra, policy });
  const notices = (await harness.invoke('getStatus', {})).notices.filter((notice) => notice.id === 'policy-file');
  const settings = await harness.invoke('getSettings', {});
  const environment = (id: string) => settings.environments.find((env) => env.id === id);
  return { ...harness, path, notices, settings, environment };
}

/** With no usable policy, every address is the clerk's to change. */
async function expectOwnSettings(started: Awaited<ReturnType<typeof startWith>>) {
  expect(started.settings.policy).toEqual(NO_POLICY);
  expect(started.settings.environments.map((env) => `${env.id}:${String(env.managed)}`)).toEqual([
    'production:false',
    'staging:false',
    'demo:false',
  ]);
  const moved = await started.invoke('setBaseUrl', { environmentId: 'production', baseUrl: 'https://own.example/v1' });
  expect(moved.environments[0]?.baseUrl).toBe('https://own.example/v1');
}

/**
 * A policy nothing of which can be read, over a data folder the clerk used before: every address stays where
 * the clerk had it, locked; updates off; no demo. Returns the notices.
 */
async function expectSafeSide(contents: string | typeof AS_FOLDER) {
  const dir = folder();
  const first = await openCore(dir, OFFLINE_DEMO);
  await first.invoke('setBaseUrl', { environmentId: 'staging', baseUrl: 'https://mine.example/v1' });
  await first.core.close();
  const path = join(folder(), 'policy.json');
  if (contents === AS_FOLDER) mkdirSync(path);
  else writeFileSync(path, contents);
  const policy = await readPolicy(path, (file) => readFile(file, 'utf8'));
  const core = await createCore({
    dataDir: dir,
    fetch,
    secrets: memorySecrets(),
    logger: capturingLogger(),
    appVersion: 'test',
    policy,
  });
  cleanups.push(() => core.close());
  const settings = value(await core.invoke('getSettings', {}));
  expect(settings.policy).toEqual({ updatesEnabled: false, demoHidden: true, administrationLocked: true });
  expect(settings.environments.map((env) => `${env.id}:${env.baseUrl}:${String(env.managed)}`)).toEqual([
    'production:https://petstore.example.com/v1:true',
    'staging:https://mine.example/v1:true',
  ]);
  expect(settings.selected).toBe('production');
  const moved = await core.invoke('setBaseUrl', { environmentId: 'staging', baseUrl: 'https://own.example/v1' });
  expect(moved).toMatchObject({ ok: false, error: { reason: 'managed_administration' } });
  return { path, notices: value(await core.invoke('getStatus', {})).notices };
}

const FULL = JSON.stringify({
  environments: {
    production: { baseUrl: 'https://shop.example.org/v1', locked: true },
    staging: { baseUrl: 'https://staging.shop.example.org/v1' },
  },
  hideDemo: true,
  updates: { enabled: false },
  language: 'de',
});

describe('the machine-wide policy file', () => {
  it('valid: its addresses apply, a locked one cannot be changed, the demo is hidden and cannot be chosen', async () => {
    const { core, invoke, notices, settings, environment } = await startWith(FULL);
    expect(notices).toEqual([]);
    expect(settings.policy).toEqual({
      updatesEnabled: false,
      language: 'de',
      demoHidden: true,
      administrationLocked: false,
    });
    expect(settings.environments.map((env) => env.id)).toEqual(['production', 'staging']);
    expect(environment('production')).toMatchObject({ baseUrl: 'https://shop.example.org/v1', managed: true });
    expect(environment('staging')).toMatchObject({ baseUrl: 'https://staging.shop.example.org/v1', managed: false });
    // The first run would land on the demo; hidden, the selection moves to production.
    expect(settings.selected).toBe('production');

    const locked = await core.invoke('setBaseUrl', {
      environmentId: 'production',
      baseUrl: 'https://other.example/v1',
    });
    expect(locked).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        reason: 'managed_address',
        params: { environmentId: 'production' },
        fields: { baseUrl: 'managed' },
      },
    });
    expect(environment('production')?.baseUrl).toBe('https://shop.example.org/v1');
    expect((await invoke('getSettings', {})).environments[0]?.baseUrl).toBe('https://shop.example.org/v1');

    // A preset that is not locked is the clerk's to change.
    const staging = await invoke('setBaseUrl', { environmentId: 'staging', baseUrl: 'https://mine.example/v1' });
    expect(staging.environments[1]).toMatchObject({ baseUrl: 'https://mine.example/v1', managed: false });

    expect(await core.invoke('selectEnvironment', { environmentId: 'demo' })).toEqual({
      ok: false,
      error: { kind: 'invalid_input', reason: 'managed_hidden', params: { environmentId: 'demo' } },
    });
    expect((await invoke('getSettings', {})).selected).toBe('production');
  });

  it('a preset address replaces the stored one at every start', async () => {
    const dir = folder();
    const first = await openCore(dir, OFFLINE_DEMO);
    await first.invoke('setBaseUrl', { environmentId: 'staging', baseUrl: 'https://mine.example/v1' });
    await first.invoke('selectEnvironment', { environmentId: 'demo' });
    await first.core.close();
    const path = join(folder(), 'policy.json');
    writeFileSync(path, FULL);
    const again = await openCore(dir, OFFLINE_DEMO, {
      policy: await readPolicy(path, (file) => readFile(file, 'utf8')),
    });
    const settings = await again.invoke('getSettings', {});
    expect(settings.environments[1]?.baseUrl).toBe('https://staging.shop.example.org/v1');
    expect(settings.selected).toBe('production');
  });

  it('partial: what it has applies, the rest stays the clerk’s (a lock without an address locks the shipped one)', async () => {
    const started = await startWith('{ "environments": { "staging": { "locked": true } }, "language": "fr" }');
    expect(started.notices).toEqual([]);
    expect(started.settings.policy).toEqual({
      updatesEnabled: true,
      language: 'fr',
      demoHidden: false,
      administrationLocked: false,
    });
    expect(started.environment('staging')).toMatchObject({
      baseUrl: 'https://staging.petstore.example.com/v1',
      managed: true,
    });
    expect(started.environment('demo')).toMatchObject({ baseUrl: OFFLINE_DEMO, managed: false });
    expect(started.environment('production')?.managed).toBe(false);
    await started.invoke('selectEnvironment', { environmentId: 'demo' });
    const staging = await started.core.invoke('setBaseUrl', {
      environmentId: 'staging',
      baseUrl: 'https://x.example/v1',
    });
    expect(staging).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('absent: no policy and no notice', async () => {
    const started = await startWith(undefined);
    expect(started.notices).toEqual([]);
    await expectOwnSettings(started);
  });

  it('unreadable (a folder at its path): the safe side of every field, and a notice saying why', async () => {
    const started = await expectSafeSide(AS_FOLDER);
    expect(started.notices).toEqual([
      {
        id: 'policy-file',
        level: 'warning',
        reason: 'policy_unreadable',
        // Node's own words for the technical detail, e.g. "EISDIR: illegal operation on a directory, read".
        params: { path: started.path, problem: 'folder', detail: expect.stringMatching(/^EISDIR\b/) as unknown },
      },
    ]);
  });

  it('invalid JSON: the safe side of every field, and a notice saying the file is not JSON', async () => {
    const started = await expectSafeSide('{ "hideDemo": true, }');
    // The detail is JSON.parse's own, e.g. "Expected double-quoted property name in JSON at position 19".
    expect(started.notices).toEqual([
      {
        id: 'policy-file',
        level: 'warning',
        reason: 'policy_not_json',
        params: { path: started.path, detail: expect.stringMatching(/JSON/) as unknown },
      },
    ]);
  });

  it('the issue’s example: one wrong lock voids nothing — updates stay off, the demo hidden, production locked where it is', async () => {
    const dir = folder();
    const first = await openCore(dir, OFFLINE_DEMO);
    await first.invoke('setBaseUrl', { environmentId: 'production', baseUrl: 'https://shop.example.org/v1' });
    await first.core.close();
    const path = join(folder(), 'policy.json');
    writeFileSync(
      path,
      '{"updates":{"enabled":false},"hideDemo":true,"environments":{"production":{"locked":"true"}}}',
    );
    const { core, invoke } = await openCore(dir, OFFLINE_DEMO, {
      policy: await readPolicy(path, (file) => readFile(file, 'utf8')),
    });
    const settings = await invoke('getSettings', {});
    expect(settings.policy).toEqual({ updatesEnabled: false, demoHidden: true, administrationLocked: false });
    expect(settings.environments.map((env) => `${env.id}:${env.baseUrl}:${String(env.managed)}`)).toEqual([
      'production:https://shop.example.org/v1:true',
      'staging:https://staging.petstore.example.com/v1:false',
    ]);
    expect(
      await core.invoke('setBaseUrl', { environmentId: 'production', baseUrl: 'https://other.example/v1' }),
    ).toMatchObject({ ok: false, error: { reason: 'managed_address' } });
    const notices = (await invoke('getStatus', {})).notices;
    expect(notices).toContainEqual(
      expect.objectContaining({
        reason: 'policy_invalid',
        params: expect.objectContaining({ fields: 'environments.production.locked' }) as unknown,
      }),
    );
  });

  it('wrong types: every other field applies, and the wrong ones take their safe side and are named', async () => {
    const started = await startWith(
      JSON.stringify({
        hideDemo: 'yes',
        language: 'it',
        environments: { staging: { baseUrl: 'https://s.example/v1' } },
      }),
    );
    expect(started.notices).toMatchObject([{ reason: 'policy_invalid', params: { fields: 'hideDemo, language' } }]);
    expect(started.settings.policy).toEqual({ updatesEnabled: true, demoHidden: true, administrationLocked: false });
    expect(started.environment('staging')).toMatchObject({ baseUrl: 'https://s.example/v1', managed: false });
    expect(started.environment('demo')).toBeUndefined();
  });

  it('an address the app refuses under a lock: the notice names the field and the reason; the lock holds where it is', async () => {
    const started = await startWith(
      JSON.stringify({ environments: { production: { baseUrl: 'http://shop.example.org/v1', locked: true } } }),
    );
    const params = { path: started.path, at: 'environments.production.baseUrl', field: 'address_plain_http' };
    expect(started.notices).toEqual([{ id: 'policy-file', level: 'warning', reason: 'policy_bad_address', params }]);
    expect(started.environment('production')).toMatchObject({
      baseUrl: 'https://petstore.example.com/v1',
      managed: true,
    });
    expect(started.settings.policy).toEqual(NO_POLICY);
  });

  it('a misspelt lock is never silently ignored: it is named, and the environment is locked', async () => {
    const started = await startWith('{ "environments": { "production": { "lock": true } } }');
    expect(started.notices).toMatchObject([
      { reason: 'policy_invalid', params: { path: started.path, fields: 'environments.production.lock' } },
    ]);
    expect(started.environment('production')?.managed).toBe(true);
    expect(started.environment('staging')?.managed).toBe(false);
  });

  it('a field from a newer version is named and the rest applies', async () => {
    const started = await startWith('{ "kiosk": true, "hideDemo": true, "language": "es" }');
    expect(started.notices).toMatchObject([{ reason: 'policy_invalid', params: { fields: 'kiosk' } }]);
    expect(started.settings.policy).toEqual({
      updatesEnabled: true,
      demoHidden: true,
      language: 'es',
      administrationLocked: false,
    });
  });
});

describe('a locked environment’s key', () => {
  const lockProduction = (url: string) =>
    JSON.stringify({ environments: { production: { baseUrl: url, locked: true } } });

  it('is bound to the locked origin and never goes to another, even when the clerk would say yes', async () => {
    const real = await service();
    const elsewhere = await faults((_path, response) => sendJson(response, 200, '[]'));
    const secrets = memorySecrets();
    const asked: string[] = [];
    const harness = await startWith(lockProduction(real.url), {
      secrets,
      keychainService: 'policy-test',
      confirmKeyOrigin: (environmentId, from, to) => {
        asked.push(`${environmentId}: ${from} -> ${to}`);
        return Promise.resolve(true);
      },
    });
    const { core, invoke } = harness;
    await invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    await invoke('testConnection', { environmentId: 'production' });
    expect(JSON.parse((await secrets.getPassword('policy-test', 'production')) ?? '{}')).toEqual({
      key: KEY,
      origin: new URL(real.url).origin,
    });

    const moved = await core.invoke('setBaseUrl', { environmentId: 'production', baseUrl: elsewhere.url });
    expect(moved).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    await invoke('selectEnvironment', { environmentId: 'production' });
    await refreshed(harness);
    await invoke('testConnection', { environmentId: 'production' });
    expect(asked).toEqual([]);
    expect(elsewhere.requests).toHaveLength(0);
    expect(JSON.parse((await secrets.getPassword('policy-test', 'production')) ?? '{}')).toMatchObject({
      origin: new URL(real.url).origin,
    });
  });

  it('a key entered before for another address is not sent to the locked one; entered again, it is', async () => {
    const real = await service();
    const before = await faults((_path, response) => sendJson(response, 200, '[]'));
    const secrets = memorySecrets();
    const dir = folder();
    const first = await openCore(dir, OFFLINE_DEMO, { secrets, keychainService: 'policy-test' });
    await first.invoke('setBaseUrl', { environmentId: 'production', baseUrl: before.url });
    await first.invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    await first.core.close();

    const path = join(folder(), 'policy.json');
    writeFileSync(path, lockProduction(real.url));
    const policy = await readPolicy(path, (file) => readFile(file, 'utf8'));
    const { core, invoke } = await openCore(dir, OFFLINE_DEMO, { secrets, keychainService: 'policy-test', policy });
    const settings = await invoke('getSettings', {});
    expect(settings.environments[0]).toMatchObject({ baseUrl: real.url, managed: true, hasKey: false });
    expect(await core.invoke('testConnection', { environmentId: 'production' })).toMatchObject({
      ok: false,
      error: { kind: 'no_api_key' },
    });

    await invoke('setApiKey', { environmentId: 'production', apiKey: KEY });
    await invoke('testConnection', { environmentId: 'production' });
    expect(before.requests).toHaveLength(0);
  });
});
