import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFileFor, loadOrCreateKeyFile, parseKeyList } from './keys';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-keys-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('API keys', () => {
  it('reads PETSTORE_API_KEYS as a comma-separated list, ignoring blanks', () => {
    expect(parseKeyList(' a , b,,c ')).toEqual(['a', 'b', 'c']);
    expect(parseKeyList('')).toEqual([]);
    expect(parseKeyList(undefined)).toEqual([]);
  });

  it('makes a key once and then keeps returning it', () => {
    const dbPath = join(dir, 'p.db');
    const made = loadOrCreateKeyFile(dbPath);
    expect(made.created).toBe(true);
    expect(readFileSync(keyFileFor(dbPath), 'utf8').trim()).toBe(made.apiKey);
    expect(loadOrCreateKeyFile(dbPath)).toEqual({ ...made, created: false });
  });

  it('refuses an empty key file rather than accept an empty key', () => {
    const dbPath = join(dir, 'p.db');
    writeFileSync(keyFileFor(dbPath), '\n');
    expect(() => loadOrCreateKeyFile(dbPath)).toThrow(/empty/);
  });
});
