import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * The test build leaves the `--inspect` fuse on so Playwright can attach; an
 * installer built from it would let anyone at the counter attach a debugger to
 * the process that holds the keys. This follows every release workflow's
 * `npm run` to the electron-builder configuration it really uses (with
 * `extends` resolved by electron-builder's own loader) and checks none of them
 * is, or inherits, the test build's fuses.
 */
const ROOT = resolve(import.meta.dirname, '..');
const TEST_BUILD = 'build/electron-builder.test-build.yml';

const require = createRequire(import.meta.url);
const builderConfig = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<Record<string, unknown>>;
};
const Fuses = z.object({ electronFuses: z.record(z.string(), z.boolean()) });

const scripts = z
  .object({ scripts: z.record(z.string(), z.string()) })
  .parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))).scripts;

/** The `npm run x` scripts the release workflows (any workflow but CI's tests) run. */
function releaseScripts(): string[] {
  const dir = join(ROOT, '.github/workflows');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.startsWith('release'))) {
    const text = JSON.stringify(parse(readFileSync(join(dir, file), 'utf8')));
    for (const [, name] of text.matchAll(/npm run ([\w:-]+)/g)) if (name) names.add(name);
  }
  return [...names];
}

/** The electron-builder configuration a script packages with. */
function configOf(script: string): string | undefined {
  return /electron-builder\b[^&]*--config\s+(\S+)/.exec(scripts[script] ?? '')?.[1];
}

async function fusesOf(configPath: string): Promise<Record<string, boolean>> {
  return Fuses.parse(await builderConfig.getConfig(ROOT, configPath, null)).electronFuses;
}

describe('no release configuration uses the test build’s fuses', () => {
  it('every release workflow packages with a configuration that is not the test build', () => {
    const used = releaseScripts().map(configOf);
    expect(used.length).toBeGreaterThan(0);
    for (const config of used) {
      expect(config).toBeDefined();
      expect(config).not.toBe(TEST_BUILD);
    }
  });

  it('each configuration a release uses keeps --inspect, NODE_OPTIONS and RunAsNode closed', async () => {
    for (const config of releaseScripts().map(configOf)) {
      const fuses = await fusesOf(config ?? '');
      expect(fuses).toMatchObject({
        runAsNode: false,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
      });
      expect(fuses).not.toEqual(await fusesOf(TEST_BUILD));
    }
  });

  it('every other builder configuration in build/ is as closed as the release one, except the test build', async () => {
    const configs = readdirSync(join(ROOT, 'build')).filter((name) => /^electron-builder.*\.ya?ml$/.test(name));
    const release = await fusesOf('build/electron-builder.yml');
    for (const name of configs.map((file) => `build/${file}`).filter((path) => path !== TEST_BUILD)) {
      expect(await fusesOf(name)).toEqual(release);
    }
  });
});
