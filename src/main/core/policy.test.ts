import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiKeys } from './api-keys';
import { PolicyDocument, policyPath, readPolicy } from './policy';
import { memorySecrets, tempDir } from './test-support';

const readText = (file: string) => readFile(file, 'utf8');

describe('where the policy file lives', () => {
  it('Windows: under ProgramData, with the fallback when the variable is missing', () => {
    expect(policyPath('win32', { ProgramData: 'D:\\Data' })).toBe('D:\\Data\\Petstore Counter\\policy.json');
    expect(policyPath('win32', { PROGRAMDATA: 'E:\\PD' })).toBe('E:\\PD\\Petstore Counter\\policy.json');
    expect(policyPath('win32', {})).toBe('C:\\ProgramData\\Petstore Counter\\policy.json');
  });

  it('macOS and Linux: the machine-wide folders', () => {
    expect(policyPath('darwin', {})).toBe('/Library/Application Support/Petstore Counter/policy.json');
    expect(policyPath('linux', { ProgramData: 'ignored' })).toBe('/etc/petstore-counter/policy.json');
  });
});

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
    expect(read.policy).toBeUndefined();
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
