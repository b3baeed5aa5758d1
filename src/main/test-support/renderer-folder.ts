import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real renderer folder on disk (`root`), with a secret file beside it that must never be served. */
export function rendererFolder(): { root: string; remove: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'petstore-renderer-'));
  const root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Petstore Counter</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log("hi")');
  writeFileSync(join(base, 'secret.txt'), 'the keychain dump');
  return { root, remove: () => rmSync(base, { recursive: true, force: true }) };
}
