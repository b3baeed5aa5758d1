import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const OUT_DIR = resolve(ROOT, 'out');

export interface Build {
  root: string;
  /** Files and folders (relative to root) the bundles are made from. */
  sources: readonly string[];
  /** The bundles (relative to root). */
  outputs: readonly string[];
  /** Makes the outputs. */
  run: () => void;
}

/** The app's build: what `electron-vite build` reads and the bundles the tests load. */
export const APP_BUILD: Build = {
  root: ROOT,
  sources: [
    'src/main',
    'src/preload',
    'src/renderer',
    'src/shared',
    'resources',
    'electron.vite.config.ts',
    'build/scripts/compiled-messages.ts',
    'svelte.config.js',
    'package.json',
    'tsconfig.base.json',
    'tsconfig.node.json',
    'tsconfig.web.json',
  ],
  outputs: ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'],
  run: () => {
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe' });
  },
};

/** Tests do not go into the bundles, so editing one never forces a rebuild. */
const isTest = (name: string) => /\.test\.ts$/.test(name);

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows as a change of its folder
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (isTest(entry.name)) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why the outputs must be (re)made, or undefined when they are up to date. */
export function staleness(build: Build): string | undefined {
  const outputs = build.outputs.map((output) => resolve(build.root, output));
  const missing = outputs.find((output) => !existsSync(output));
  if (missing) return `${missing} is missing`;
  const oldestOutput = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  const newer = build.sources.find((source) => newestChange(resolve(build.root, source)) > oldestOutput);
  return newer === undefined ? undefined : `${newer} changed after the last build`;
}

/** Makes the build when it is missing or older than any of its sources; true when it built. */
export function ensureFresh(build: Build): boolean {
  if (staleness(build) === undefined) return false;
  build.run();
  return true;
}

/**
 * Tests about the built bundles never run on a missing or stale `out/`.
 * Takes no argument, so it can be handed to `beforeAll` as it is.
 */
export function ensureBuilt(): void {
  ensureFresh(APP_BUILD);
}
