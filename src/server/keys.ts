import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function generateApiKey(): string {
  return `psk_${randomBytes(24).toString('base64url')}`;
}

/** Where a generated key is kept: beside the database, so a restart on the same file keeps it. */
export function keyFileFor(dbPath: string): string {
  return `${dbPath}.api-key`;
}

/** Keys from a comma-separated list (PETSTORE_API_KEYS), blanks dropped. */
export function parseKeyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
}

export interface StoredKey {
  apiKey: string;
  /** True when this call made the key, so the caller shows it once. */
  created: boolean;
  path: string;
}

/** Reads the key kept beside the database, or makes one and keeps it there (owner-only). */
export function loadOrCreateKeyFile(dbPath: string): StoredKey {
  const path = keyFileFor(dbPath);
  if (existsSync(path)) {
    const apiKey = readFileSync(path, 'utf8').trim();
    if (!apiKey) throw new Error(`The API key file ${path} is empty; delete it to have a new key made`);
    return { apiKey, created: false, path };
  }
  const apiKey = generateApiKey();
  // 'wx' fails rather than overwrite a key another process wrote meanwhile.
  writeFileSync(path, `${apiKey}\n`, { mode: 0o600, flag: 'wx' });
  return { apiKey, created: true, path };
}
