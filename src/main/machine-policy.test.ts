import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, readPolicy } from './core';
import { capturingLogger, memorySecrets, tempDir } from './core/test-support';
import { machinePolicySource, WINDOWS_POLICY_KEY, WINDOWS_POLICY_VALUE } from './machine-policy';
import { readMachineString, type RegGetValue } from './windows-registry';

const MACHINE_POLICY = JSON.stringify({
  environments: { production: { baseUrl: 'https://shop.example.org/v1', locked: true } },
  updates: { enabled: false },
  hideDemo: true,
});
const CLERKS_POLICY = JSON.stringify({ updates: { enabled: true }, hideDemo: false });

/** A value this user may not read. */
const DENIED = Symbol('access denied');

/**
 * A stand-in for advapi32's RegGetValueW over a table of HKLM values: the size asked with no buffer, then the
 * UTF-16 text with its NUL, the Win32 codes for a missing value (2), a value of another type (1630), no access (5).
 */
function registry(values: Record<string, string | number | typeof DENIED>): RegGetValue & { asked: string[] } {
  const asked: string[] = [];
  const read: RegGetValue = (hive, subKey, value, _flags, _type, data, size) => {
    asked.push(`${String(hive)} ${subKey}\\${value}`);
    const stored = values[`${subKey}\\${value}`];
    if (stored === undefined) return 2;
    if (stored === DENIED) return 5;
    if (typeof stored === 'number') return 1630;
    const bytes = Buffer.from(`${stored}\0`, 'utf16le');
    if (data === null) {
      size[0] = bytes.length;
      return 0;
    }
    if (data.length < bytes.length) return 234;
    bytes.copy(data);
    size[0] = bytes.length;
    return 0;
  };
  return Object.assign(read, { asked });
}

const POLICY_AT = `${WINDOWS_POLICY_KEY}\\${WINDOWS_POLICY_VALUE}`;

// Everything a clerk could set for their own session to point an app at their own folder.
const CLERK_ENV = ['ProgramData', 'PROGRAMDATA', 'ALLUSERSPROFILE', 'HOME', 'APPDATA', 'LOCALAPPDATA', 'USERPROFILE'];
const XDG_ENV = ['XDG_CONFIG_DIRS', 'XDG_CONFIG_HOME', 'XDG_DATA_DIRS', 'XDG_DATA_HOME'];
const saved = { ...process.env };
afterEach(() => {
  for (const name of [...CLERK_ENV, ...XDG_ENV]) {
    if (saved[name] === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = saved[name];
  }
});

/** The clerk's own folder, holding a policy that would undo IT's at every place the environment could name. */
function clerkRedirectsEverything(): string {
  const dir = tempDir('petstore-clerk-');
  for (const sub of ['Petstore Counter', 'petstore-counter', '']) {
    mkdirSync(join(dir.path, sub), { recursive: true });
    writeFileSync(join(dir.path, sub, 'policy.json'), CLERKS_POLICY);
  }
  for (const name of [...CLERK_ENV, ...XDG_ENV]) process.env[name] = dir.path;
  return dir.path;
}

describe('the machine policy comes from where only IT can write, whatever the environment says', () => {
  it.each([
    ['linux', '/etc/petstore-counter/policy.json'],
    ['darwin', '/Library/Application Support/Petstore Counter/policy.json'],
  ] as const)('%s: the fixed system path, read there and nowhere else', async (platform, fixed) => {
    const clerks = clerkRedirectsEverything();
    const read: string[] = [];
    const source = machinePolicySource(platform, {
      readFile: (file) => {
        read.push(file);
        return file === fixed ? Promise.resolve(MACHINE_POLICY) : readFile(file, 'utf8');
      },
      regGetValue: () => Promise.reject(new Error('not on this platform')),
    });
    expect(source.path).toBe(fixed);
    expect((await readPolicy(source.path, source.readText)).policy).toEqual(JSON.parse(MACHINE_POLICY));
    expect(read).toEqual([fixed]);
    expect(read.join()).not.toContain(clerks);
  });

  it('Windows: the HKLM policy key through the Win32 API, and the clerk’s ProgramData is never looked at', async () => {
    const clerks = clerkRedirectsEverything();
    const regGetValue = registry({ [POLICY_AT]: MACHINE_POLICY });
    const files: string[] = [];
    const source = machinePolicySource('win32', {
      readFile: (file) => {
        files.push(file);
        return readFile(file, 'utf8');
      },
      regGetValue: () => Promise.resolve(regGetValue),
    });
    expect(source.path).toBe('HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Petstore Counter\\Policy');
    const read = await readPolicy(source.path, source.readText);
    expect(files).toEqual([]);
    expect(source.path).not.toContain(clerks);
    // Asked of HKEY_LOCAL_MACHINE's own handle, at the fixed key.
    expect(new Set(regGetValue.asked)).toEqual(new Set([`-2147483646 ${POLICY_AT}`]));

    // And the core started with it applies IT's policy, not the clerk's.
    const data = tempDir();
    try {
      const core = await createCore({
        dataDir: data.path,
        fetch,
        secrets: memorySecrets(),
        logger: capturingLogger(),
        appVersion: 'test',
        policy: read,
      });
      const settings = await core.invoke('getSettings', {});
      expect(settings.ok && settings.value.policy).toEqual({
        updatesEnabled: false,
        demoHidden: true,
        administrationLocked: false,
      });
      expect(settings.ok && settings.value.environments.map((env) => `${env.id}:${String(env.managed)}`)).toEqual([
        'production:true',
        'staging:false',
      ]);
      await core.close();
    } finally {
      data.remove();
    }
  });

  it('Windows: no policy key is no policy; a value of another type or one this user may not read is the safe side', async () => {
    const source = (values: Parameters<typeof registry>[0]) =>
      machinePolicySource('win32', {
        readFile: () => Promise.reject(new Error('no file is read on Windows')),
        regGetValue: () => Promise.resolve(registry(values)),
      });
    const none = source({});
    expect(await readPolicy(none.path, none.readText)).toEqual({ path: none.path });
    for (const stored of [1, DENIED] as const) {
      const odd = source({ [POLICY_AT]: stored });
      const read = await readPolicy(odd.path, odd.readText);
      expect(read.policy).toMatchObject({ hideDemo: true, updates: { enabled: false } });
      expect(read.notice).toMatchObject({
        reason: 'policy_unreadable',
        params: { problem: stored === DENIED ? 'permission' : 'other' },
      });
    }
  });
});

describe('reading one HKLM string', () => {
  it('reads text in any script, and asks again when the value grew between the two calls', () => {
    const text = '{"language":"de","note":"Größe ✓ 🐱"}';
    let calls = 0;
    const growing: RegGetValue = (_hive, _key, _value, _flags, _type, data, size) => {
      calls += 1;
      const bytes = Buffer.from(`${calls === 1 ? 'short' : text}\0`, 'utf16le');
      if (data === null || data.length < bytes.length) {
        size[0] = bytes.length;
        return data === null ? 0 : 234;
      }
      bytes.copy(data);
      size[0] = bytes.length;
      return 0;
    };
    expect(readMachineString(growing, 'SOFTWARE\\X', 'V')).toBe(text);
    expect(calls).toBe(4);
  });

  it('names the Win32 error it got the way Node names a file error', () => {
    expect(() => readMachineString(registry({}), 'SOFTWARE\\X', 'V')).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
    expect(() => readMachineString(registry({ 'SOFTWARE\\X\\V': DENIED }), 'SOFTWARE\\X', 'V')).toThrow(
      expect.objectContaining({ code: 'EACCES' }),
    );
    expect(() => readMachineString(registry({ 'SOFTWARE\\X\\V': 7 }), 'SOFTWARE\\X', 'V')).toThrow(
      expect.objectContaining({ code: 'WIN32_ERROR_1630' }),
    );
  });
});
