import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiKeys } from './api-keys';
import { PolicyDocument } from './policy';
import { readPolicy } from './policy-read';
import { memorySecrets, tempDir } from './test-support';

const readText = (file: string) => readFile(file, 'utf8');

describe('reading the policy file', () => {
  it('reads a file saved with a byte-order mark (Windows Notepad)', async () => {
    const dir = tempDir();
    try {
      const path = join(dir.path, 'policy.json');
      writeFileSync(path, '\uFEFF{ "hideDemo": true }');
      expect(await readPolicy(path, readText)).toEqual({ path, policy: { hideDemo: true } });
    } finally {
      dir.remove();
    }
  });

  it('an empty object is a valid policy that decides nothing', () => {
    expect(PolicyDocument.parse({})).toEqual({});
  });

  it('words a refused read (we run as root here, so the reader reports it the way Node does)', async () => {
    const denied = Object.assign(new Error("EACCES: permission denied, open '/etc/petstore-counter/policy.json'"), {
      code: 'EACCES',
    });
    const read = await readPolicy('/etc/petstore-counter/policy.json', () => Promise.reject(denied));
    expect(read.policy).toEqual(NOTHING_READABLE);
    expect(read.notice).toEqual({
      id: 'policy-file',
      level: 'warning',
      reason: 'policy_unreadable',
      params: {
        path: '/etc/petstore-counter/policy.json',
        problem: 'permission',
        detail: "EACCES: permission denied, open '/etc/petstore-counter/policy.json'",
      },
    });
  });
});

/** What applies when nothing in a policy that is there can be read: the safe side of every field. */
const NOTHING_READABLE = {
  environments: { production: { locked: true }, staging: { locked: true }, demo: { locked: true } },
  hideDemo: true,
  updates: { enabled: false },
  lockAdministration: true,
};

describe('a policy with a bad field keeps every valid one and takes the safe side of the bad one', () => {
  const read = (json: unknown) =>
    readPolicy('policy.json', () => Promise.resolve(typeof json === 'string' ? json : JSON.stringify(json)));
  // The fields a notice names: a list, or the one address it words by its own reason.
  const named = async (json: unknown) => {
    const params = (await read(json)).notice?.params;
    return params?.fields ?? params?.at;
  };

  it('an administration lock it cannot read stays locked, and is named', async () => {
    const got = await read({ lockAdministration: 'yes', hideDemo: false });
    expect(got.policy).toEqual({ hideDemo: false, lockAdministration: true });
    expect(await named({ lockAdministration: 'yes' })).toBe('lockAdministration');
  });

  it('the issue’s example: updates stay off, the demo hidden, and the lock it cannot read stays locked', async () => {
    const got = await read({
      updates: { enabled: false },
      hideDemo: true,
      environments: { production: { locked: 'true' } },
    });
    expect(got).toEqual({
      path: 'policy.json',
      policy: { updates: { enabled: false }, hideDemo: true, environments: { production: { locked: true } } },
      lockedInPlace: ['production'],
      notice: {
        id: 'policy-file',
        level: 'warning',
        reason: 'policy_invalid',
        params: {
          path: 'policy.json',
          fields: 'environments.production.locked',
          detail: expect.stringMatching(/^environments\.production\.locked: .*boolean/) as unknown,
        },
      },
    });
  });

  it.each([
    ['corrupt JSON', '{ "hideDemo": true, '],
    ['an empty file', ''],
    ['a list', [{ hideDemo: false }]],
    ['a string', '"hideDemo"'],
    ['null', 'null'],
  ])('%s: nothing can be read, so every field takes its safe side', async (_label, json) => {
    const got = await read(json);
    expect(got.policy).toEqual(NOTHING_READABLE);
    expect(got.lockedInPlace).toEqual(['production', 'staging', 'demo']);
    expect(got.notice?.reason).toMatch(/^policy_(not_json|invalid)$/);
  });

  it.each([
    // [what is wrong, the file, what applies, locked at the address in use, the fields named]
    [
      'environments is not an object',
      { environments: 'all', hideDemo: false },
      { ...NOTHING_READABLE, hideDemo: false, updates: undefined, lockAdministration: undefined },
      ['production', 'staging', 'demo'],
      'environments',
    ],
    [
      'one environment is not an object',
      { environments: { staging: true, demo: { locked: false } } },
      { environments: { staging: { locked: true }, demo: { locked: false } } },
      ['staging'],
      'environments.staging',
    ],
    [
      'a lock is a string',
      { environments: { production: { baseUrl: 'https://shop.example.org/v1', locked: 'yes' } } },
      { environments: { production: { baseUrl: 'https://shop.example.org/v1', locked: true } } },
      [],
      'environments.production.locked',
    ],
    [
      'a misspelt lock',
      { environments: { production: { lock: true } } },
      { environments: { production: { locked: true } } },
      ['production'],
      'environments.production.lock',
    ],
    [
      'a locked address is a number',
      { environments: { staging: { baseUrl: 42, locked: true } } },
      { environments: { staging: { locked: true } } },
      ['staging'],
      'environments.staging.baseUrl',
    ],
    [
      'an environment the app does not have',
      { environments: { test: { locked: true }, demo: { locked: true } } },
      { environments: { demo: { locked: true } } },
      [],
      'environments.test',
    ],
    ['hideDemo is a string', { hideDemo: 'no', language: 'de' }, { hideDemo: true, language: 'de' }, [], 'hideDemo'],
    ['updates is true', { updates: true }, { updates: { enabled: false } }, [], 'updates'],
    [
      'updates.enabled is a string',
      { updates: { enabled: 'true' } },
      { updates: { enabled: false } },
      [],
      'updates.enabled',
    ],
    [
      'updates without enabled',
      { updates: { enable: true } },
      { updates: { enabled: false } },
      [],
      'updates.enable, updates.enabled',
    ],
    [
      'a newer field beside updates',
      { updates: { enabled: true, channel: 'beta' } },
      { updates: { enabled: true } },
      [],
      'updates.channel',
    ],
    ['a language the app does not speak', { language: 'it', hideDemo: true }, { hideDemo: true }, [], 'language'],
    ['a newer top-level field', { kiosk: true, hideDemo: false }, { hideDemo: false }, [], 'kiosk'],
    [
      'wrong at every level at once',
      { kiosk: 1, environments: { demo: [], production: { locked: 1 } }, hideDemo: 0, updates: [], language: 7 },
      {
        environments: { production: { locked: true }, demo: { locked: true } },
        hideDemo: true,
        updates: { enabled: false },
      },
      ['production', 'demo'],
      'kiosk, environments.production.locked, environments.demo, hideDemo, updates, language',
    ],
  ])('%s', async (_label, json, policy, inPlace, fields) => {
    const got = await read(json);
    expect(got.policy).toEqual(JSON.parse(JSON.stringify(policy)));
    expect(got.lockedInPlace ?? []).toEqual(inPlace);
    expect(await named(json)).toBe(fields);
  });

  it('an address the app refuses is named with the app’s own reason, and the rest applies', async () => {
    const got = await read({ environments: { staging: { baseUrl: 'http://staging.example.org/v1' } }, hideDemo: true });
    expect(got.policy).toEqual({ environments: { staging: {} }, hideDemo: true });
    expect(got.notice).toMatchObject({
      reason: 'policy_bad_address',
      params: { at: 'environments.staging.baseUrl', field: 'address_plain_http' },
    });
  });

  it('a valid file is read whole, with no notice', async () => {
    const file = {
      environments: { production: { baseUrl: 'https://shop.example.org/v1', locked: true }, demo: { locked: false } },
      hideDemo: false,
      updates: { enabled: true },
      language: 'fr',
    };
    expect(await read(file)).toEqual({ path: 'policy.json', policy: PolicyDocument.parse(file) });
  });
});

describe('the key store under a lock', () => {
  // Refused as managed by the organisation, naming the one origin the key is for.
  const managedKey = { kind: 'invalid_input', reason: 'managed_key', params: { origin: 'https://locked.example' } };

  it('hands out, stores and re-binds a locked environment’s key for the locked origin only', async () => {
    const keys = new ApiKeys(memorySecrets(), 'lock-test');
    await keys.set('production', 'key-for-the-old-one-123', 'https://old.example');
    keys.lockTo('production', 'https://locked.example');
    // Bound elsewhere before the lock: not used, not even for the origin it was entered for.
    expect(keys.get('production', 'https://old.example')).toBeUndefined();
    await expect(keys.bind('production', 'https://old.example')).rejects.toHaveProperty('appError', managedKey);
    await expect(keys.set('production', 'key-0123456789', 'https://other.example')).rejects.toHaveProperty(
      'appError',
      managedKey,
    );
    await keys.set('production', 'key-0123456789', 'https://locked.example');
    expect(keys.get('production', 'https://locked.example')).toBe('key-0123456789');
    expect(keys.get('production', 'https://other.example')).toBeUndefined();
    await expect(keys.bind('production', 'https://other.example')).rejects.toHaveProperty('appError', managedKey);
    expect(keys.boundTo('production')).toBe('https://locked.example');
  });
});
