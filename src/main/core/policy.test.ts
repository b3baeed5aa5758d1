import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PolicyDocument, policyPath, readPolicy } from './policy';
import { tempDir } from './test-support';

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
    expect(read.notice?.message).toBe(
      'The policy file /etc/petstore-counter/policy.json could not be read: this user may not read it (permission denied); the app uses its own settings.',
    );
  });
});
