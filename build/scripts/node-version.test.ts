import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { minimumOf, nodeVersionProblem, requiredRange } from './node-version.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const Manifest = z.object({ engines: z.object({ node: z.string() }), scripts: z.record(z.string(), z.string()) });
const manifest = Manifest.parse(JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')));
const GUARD = 'node build/scripts/node-version.mjs && ';

describe('the Node version guard', () => {
  it('lets Node 24 and newer through and stops Node 20 with a sentence naming the version needed', () => {
    expect(nodeVersionProblem('24.0.0', '>=24')).toBeUndefined();
    expect(nodeVersionProblem('v25.1.0', '>=24')).toBeUndefined();
    expect(nodeVersionProblem('20.20.2', '>=24')).toBe(
      'Petstore Counter needs Node.js 24.0.0 or newer (package.json engines: ">=24"); this is Node.js 20.20.2. ' +
        'Install Node.js 24 LTS (https://nodejs.org/), make it the `node` on your PATH, and run the command again.',
    );
    expect(nodeVersionProblem('22.11.9', '>=22.12')).toMatch(/needs Node\.js 22\.12\.0 or newer/);
    expect(nodeVersionProblem('22.12.0', '>=22.12')).toBeUndefined();
  });

  it('reads the range from package.json, and refuses one it cannot read rather than guessing', () => {
    expect(requiredRange()).toBe(manifest.engines.node);
    expect(minimumOf('>=24')).toEqual([24, 0, 0]);
    expect(() => minimumOf('^24 || >=26')).toThrow(/engines\.node must read/);
  });

  it('runs first in every script that runs project code', () => {
    const checksOnly = new Set(['typecheck', 'lint', 'format', 'format:check']);
    for (const [name, command] of Object.entries(manifest.scripts)) {
      if (checksOnly.has(name)) continue;
      expect({ name, guarded: command.startsWith(GUARD) }).toEqual({ name, guarded: true });
    }
  });

  it('.npmrc makes npm itself refuse to install on an older Node', () => {
    expect(readFileSync(resolve(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  // Skipped where no system Node 20 is at /usr/bin/node (a workstation, a CI runner with another Node): nothing to stop.
  it.skipIf(
    !existsSync('/usr/bin/node') || !/^v20\./.test(spawnSync('/usr/bin/node', ['--version']).stdout.toString()),
  )('stops the system Node 20 with the sentence and exit code 1, before anything else runs', () => {
    const run = spawnSync('/usr/bin/node', [resolve(ROOT, 'build/scripts/node-version.mjs')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Petstore Counter needs Node\.js 24\.0\.0 or newer.*this is Node\.js 20\./);
  });
});
