import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const OUT_DIR = resolve(import.meta.dirname, '../../out');

/**
 * Tests about the built bundles build them when `out/` is missing, so
 * `npm run test:unit` alone never tests a stale or absent build by skipping.
 */
export function ensureBuilt(): void {
  const bundles = ['main/index.js', 'preload/index.cjs', 'renderer/index.html'];
  if (bundles.every((file) => existsSync(resolve(OUT_DIR, file)))) return;
  execFileSync('npx', ['electron-vite', 'build'], { cwd: resolve(OUT_DIR, '..'), stdio: 'pipe' });
}
