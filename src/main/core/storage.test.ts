import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, loadEnvironmentDefaults } from './index';
import { BUILT_IN_ENVIRONMENTS, defaultSettings, readSettings } from './settings';
import { capturingLogger, memorySecrets, tempDir } from './test-support';

const dirs: Array<{ remove: () => void }> = [];
afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));
const folder = () => {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
};

const defaults = defaultSettings(BUILT_IN_ENVIRONMENTS);
const open = (dataDir: string) =>
  createCore({ dataDir, fetch, secrets: memorySecrets(), logger: capturingLogger(), appVersion: '0.1.0-test' });

describe('the default environments', () => {
  it('come from resources/environments.json, which agrees with the built-in copy', () => {
    const fromFile = loadEnvironmentDefaults(resolve(import.meta.dirname, '../../../resources/environments.json'));
    expect(fromFile).toEqual(BUILT_IN_ENVIRONMENTS);
  });

  it('refuse a file with plain http to another machine or without /v1', () => {
    const dir = folder();
    const file = join(dir, 'environments.json');
    writeFileSync(
      file,
      JSON.stringify({ ...BUILT_IN_ENVIRONMENTS, staging: { baseUrl: 'http://staging.example.com/v1' } }),
    );
    expect(() => loadEnvironmentDefaults(file)).toThrow(/address_plain_http/);
    writeFileSync(file, JSON.stringify({ ...BUILT_IN_ENVIRONMENTS, demo: { baseUrl: 'http://127.0.0.1:4010/api' } }));
    expect(() => loadEnvironmentDefaults(file)).toThrow(/address_version/);
  });
});

describe('settings versions', () => {
  it('turn a new, empty store into the defaults', () => {
    // No address read from it: an older version's bare key is not bound to a default's (api-keys' bindUnbound).
    expect(readSettings({}, defaults)).toEqual({ ok: true, value: defaults, migrated: true, addressesRead: [] });
  });

  it('refuse a file without a version, which the app never writes (it is moved aside with a notice)', () => {
    expect(readSettings({ selected: 'staging', environments: defaults.environments }, defaults)).toEqual({
      ok: false,
      problem: 'unknown_version',
      addressesRead: [],
    });
  });

  it('read what they can of a file from a newer app, and mark it as newer', () => {
    expect(readSettings({ ...defaults, selected: 'staging', version: 2 }, defaults)).toEqual({
      ok: true,
      value: { ...defaults, selected: 'staging' },
      migrated: false,
      newer: true,
      addressesRead: ['production', 'staging', 'demo'],
    });
  });

  it('are saved with the version, and read back after a restart', async () => {
    const dataDir = folder();
    const core = await open(dataDir);
    await core.invoke('selectEnvironment', { environmentId: 'staging' });
    await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: 'http://localhost:4999/v1/' });
    await core.close();
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      version: 1,
      selected: 'staging',
    });
    const again = await open(dataDir);
    const view = await again.invoke('getSettings', {});
    expect(view).toMatchObject({ ok: true, value: { selected: 'staging' } });
    if (view.ok)
      expect(view.value.environments.find((env) => env.id === 'demo')?.baseUrl).toBe('http://localhost:4999/v1');
    await again.close();
  });
});

describe('damaged files', () => {
  it('settings and category names: the app starts, keeps each old file as a backup, and says so', async () => {
    const dataDir = folder();
    const damaged = {
      'settings.json': '{"version": 1, "selected": ',
      'categories.json': JSON.stringify({ version: 1, labels: { mars: 'many' } }),
    };
    for (const [name, text] of Object.entries(damaged)) writeFileSync(join(dataDir, name), text);

    const core = await open(dataDir);
    const status = await core.invoke('getStatus', {});
    expect(status.ok).toBe(true);
    const notices = status.ok ? status.value.notices : [];
    expect(notices.map((notice) => notice.id).sort()).toEqual(['corrupt-categories', 'corrupt-settings']);
    // Each names its file, why it could not be read, and the backup it was kept as.
    const keptAs = (name: string) => expect.stringMatching(new RegExp(`^${name}\\.corrupt-`)) as unknown;
    expect(notices.find((notice) => notice.id === 'corrupt-settings')).toEqual({
      id: 'corrupt-settings',
      level: 'warning',
      reason: 'file_unreadable',
      params: { file: 'settings', problem: 'not_json', backup: keptAs('settings') },
    });
    expect(notices.find((notice) => notice.id === 'corrupt-categories')).toEqual({
      id: 'corrupt-categories',
      level: 'warning',
      reason: 'file_unreadable',
      params: { file: 'categories', problem: 'not_recognised', backup: keptAs('categories') },
    });

    const files = readdirSync(dataDir);
    for (const [name, text] of Object.entries(damaged)) {
      const backup = files.find((file) => file.startsWith(name.replace('.json', '.corrupt-')));
      expect(backup, name).toBeDefined();
      expect(readFileSync(join(dataDir, backup ?? ''), 'utf8')).toBe(text);
    }
    expect(await core.invoke('getSettings', {})).toMatchObject({
      ok: true,
      value: { selected: 'demo' },
    });
    expect(await core.invoke('getOutbox', {})).toMatchObject({ ok: true, value: { items: [] } });
    await core.close();

    // The replacements are good files: the next start is quiet.
    const again = await open(dataDir);
    expect(await again.invoke('getStatus', {})).toMatchObject({ ok: true, value: { notices: [] } });
    await again.close();
  });

  it('damaged at five starts in a row, settings keep the three newest backups byte for byte, and no other file’s', async () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, 'categories.corrupt-2026-01-01T00-00-00-000Z.json'), 'a category backup');
    const damage = (start: number) => `{"version": 1, "selected": "damage ${String(start)}`;
    const noticed: string[] = [];
    for (let start = 0; start < 5; start += 1) {
      writeFileSync(join(dataDir, 'settings.json'), damage(start));
      // A minute between starts, so each backup's name is its own.
      const core = await createCore({
        dataDir,
        fetch,
        secrets: memorySecrets(),
        logger: capturingLogger(),
        appVersion: '0.1.0-test',
        now: () => Date.UTC(2026, 10, 26, 9, start),
      });
      const status = await core.invoke('getStatus', {});
      const notice = status.ok ? status.value.notices.find((each) => each.id === 'corrupt-settings') : undefined;
      noticed.push(String(notice?.params?.backup));
      await core.close();
    }
    const kept = readdirSync(dataDir)
      .filter((file) => file.startsWith('settings.corrupt-'))
      .sort();
    expect(kept).toEqual(noticed.slice(2));
    expect(kept.map((file) => readFileSync(join(dataDir, file), 'utf8'))).toEqual([damage(2), damage(3), damage(4)]);
    expect(readFileSync(join(dataDir, 'categories.corrupt-2026-01-01T00-00-00-000Z.json'), 'utf8')).toBe(
      'a category backup',
    );
  });
});

describe('a disk that refuses a write', () => {
  it('the change still applies, the user gets a notice, and nothing throws', async () => {
    const dataDir = folder();
    const core = await open(dataDir);
    await core.invoke('getSettings', {});
    const heard: string[] = [];
    core.on('onNotice', (notice) => heard.push(notice.id));
    // A folder where the settings file belongs: the atomic rename cannot land.
    rmSync(join(dataDir, 'settings.json'), { force: true });
    mkdirSync(join(dataDir, 'settings.json'));

    expect(await core.invoke('selectEnvironment', { environmentId: 'staging' })).toMatchObject({
      ok: true,
      value: { selected: 'staging' },
    });
    await core.close();
    expect(heard).toEqual(['write-failed-settings']);
  });
});

describe('a settings file with one part the app cannot read', () => {
  it('keeps every other part (the shop’s address, the environment, the language), names the bad one and keeps the old file', async () => {
    const dataDir = folder();
    const written = {
      version: 1,
      environments: {
        ...defaults.environments,
        production: { baseUrl: 'https://shop.example.org/v1' },
        // An address this version refuses: plain http to another machine.
        staging: { baseUrl: 'http://staging.shop.example.org/v1' },
      },
      selected: 'production',
      // A sort by a column this version does not have.
      preferences: { language: 'de', scanner: false, sort: { production: { key: 'price', direction: 'ascending' } } },
    };
    const text = JSON.stringify(written, null, '\t');
    writeFileSync(join(dataDir, 'settings.json'), text);

    const core = await open(dataDir);
    const settings = await core.invoke('getSettings', {});
    expect(settings).toMatchObject({
      ok: true,
      value: { selected: 'production', preferences: { language: 'de', scanner: false } },
    });
    const view = settings.ok ? settings.value : undefined;
    expect(view?.preferences.sort).toBeUndefined();
    expect(view?.environments.map((environment) => environment.baseUrl)).toEqual([
      'https://shop.example.org/v1',
      defaults.environments.staging.baseUrl,
      defaults.environments.demo.baseUrl,
    ]);
    const status = await core.invoke('getStatus', {});
    const notices = status.ok ? status.value.notices : [];
    expect(notices).toEqual([
      {
        id: 'corrupt-settings',
        level: 'warning',
        reason: 'file_partly_read',
        params: {
          file: 'settings',
          parts: 'environments.staging.baseUrl, preferences.sort.production',
          backup: expect.stringMatching(/^settings\.corrupt-/) as unknown,
        },
      },
    ]);
    const backup = readdirSync(dataDir).find((file) => file.startsWith('settings.corrupt-'));
    expect(readFileSync(join(dataDir, backup ?? ''), 'utf8')).toBe(text);
    await core.close();

    // What was read is on disk: the next start is quiet and the same.
    const again = await open(dataDir);
    expect(await again.invoke('getStatus', {})).toMatchObject({ ok: true, value: { notices: [] } });
    expect(await again.invoke('getSettings', {})).toMatchObject({ ok: true, value: { selected: 'production' } });
    await again.close();
  });
});

describe('a category names file with one name the app cannot read', () => {
  it('keeps every other name, in every environment, names the bad one and keeps the old file', async () => {
    const dataDir = folder();
    const text = JSON.stringify({
      version: 1,
      labels: {
        demo: [
          { id: '1', label: 'Dogs' },
          // Longer than the 60 letters a name may have (written by hand, or by a later version).
          { id: '2', label: 'C'.repeat(61) },
          { id: '9007199254740993', label: 'Axolotls' },
        ],
        staging: [{ id: '7', label: 'Ferrets' }],
      },
    });
    writeFileSync(join(dataDir, 'categories.json'), text);

    const core = await open(dataDir);
    expect(await core.invoke('getCategories', {})).toEqual({
      ok: true,
      value: {
        environmentId: 'demo',
        categories: [
          { id: '1', label: 'Dogs' },
          { id: '9007199254740993', label: 'Axolotls' },
        ],
      },
    });
    await core.invoke('selectEnvironment', { environmentId: 'staging' });
    expect(await core.invoke('getCategories', {})).toMatchObject({
      ok: true,
      value: { categories: [{ id: '7', label: 'Ferrets' }] },
    });
    const status = await core.invoke('getStatus', {});
    expect(status.ok ? status.value.notices : []).toEqual([
      {
        id: 'corrupt-categories',
        level: 'warning',
        reason: 'file_partly_read',
        params: {
          file: 'categories',
          parts: 'labels.demo.1',
          backup: expect.stringMatching(/^categories\.corrupt-/) as unknown,
        },
      },
    ]);
    const backup = readdirSync(dataDir).find((file) => file.startsWith('categories.corrupt-'));
    expect(readFileSync(join(dataDir, backup ?? ''), 'utf8')).toBe(text);
    await core.close();
  });
});

describe('files written by a newer version of the app', () => {
  it('are left exactly as they are: this version uses what it can read of them and says its changes last until it closes', async () => {
    const dataDir = folder();
    const settingsText = JSON.stringify({
      version: 2,
      environments: { ...defaults.environments, production: { baseUrl: 'https://shop.example.org/v1' } },
      selected: 'production',
      theme: 'dark',
    });
    const categoriesText = JSON.stringify({
      version: 2,
      labels: { production: [{ id: '4', label: 'Fish', colour: 'blue' }] },
    });
    writeFileSync(join(dataDir, 'settings.json'), settingsText);
    writeFileSync(join(dataDir, 'categories.json'), categoriesText);

    const core = await open(dataDir);
    const settings = await core.invoke('getSettings', {});
    expect(settings).toMatchObject({ ok: true, value: { selected: 'production' } });
    expect(settings.ok && settings.value.environments[0]?.baseUrl).toBe('https://shop.example.org/v1');
    expect(await core.invoke('getCategories', {})).toMatchObject({
      ok: true,
      value: { categories: [{ id: '4', label: 'Fish' }] },
    });
    const status = await core.invoke('getStatus', {});
    expect(status.ok ? status.value.notices : []).toEqual([
      { id: 'newer-settings', level: 'warning', reason: 'file_newer_version', params: { file: 'settings' } },
      { id: 'newer-categories', level: 'warning', reason: 'file_newer_version', params: { file: 'categories' } },
    ]);
    // A change applies while the app is open, and is not written over the newer version's file.
    expect(await core.invoke('selectEnvironment', { environmentId: 'staging' })).toMatchObject({
      ok: true,
      value: { selected: 'staging' },
    });
    await core.invoke('setCategoryLabel', { category: { id: '5', label: 'Reptiles' } });
    await core.close();
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).toBe(settingsText);
    expect(readFileSync(join(dataDir, 'categories.json'), 'utf8')).toBe(categoriesText);
    expect(readdirSync(dataDir).filter((file) => file.includes('.corrupt-'))).toEqual([]);
  });
});

describe('a notice naming what it could not read in a file', () => {
  it('never carries a stored API key, even one written into the file as a field’s name', async () => {
    const dataDir = folder();
    const apiKey = 'shop-key-0123456789abcdef';
    const secrets = memorySecrets();
    await secrets.setPassword('Petstore Counter storage test', 'production', apiKey);
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ ...defaults, [apiKey]: true }));
    const core = await createCore({
      dataDir,
      fetch,
      secrets,
      keychainService: 'Petstore Counter storage test',
      logger: capturingLogger(),
      appVersion: '0.1.0-test',
    });
    const status = await core.invoke('getStatus', {});
    expect(status.ok ? status.value.notices.map((notice) => notice.reason) : []).toEqual(['file_partly_read']);
    expect(JSON.stringify(status)).not.toContain(apiKey);
    await core.close();
  });
});
