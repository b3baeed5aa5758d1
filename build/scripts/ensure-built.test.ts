import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_BUILD, ensureFresh, staleness, type Build } from './ensure-built';

/** A project in a temp folder whose "build" copies its sources' time into one output, counting runs. */
const roots: string[] = [];
function project() {
  const root = mkdtempSync(join(tmpdir(), 'petstore-build-'));
  roots.push(root);
  mkdirSync(join(root, 'src/main'), { recursive: true });
  writeFileSync(join(root, 'src/main/index.ts'), 'export {};');
  writeFileSync(join(root, 'src/main/index.test.ts'), 'export {};');
  writeFileSync(join(root, 'vite.config.ts'), 'export {};');
  let runs = 0;
  const build: Build = {
    root,
    sources: ['src/main', 'vite.config.ts', 'not-there.json'],
    outputs: ['out/index.js'],
    run: () => {
      runs += 1;
      mkdirSync(join(root, 'out'), { recursive: true });
      writeFileSync(join(root, 'out/index.js'), `// build ${String(runs)}`);
    },
  };
  /** Moves a file's modification time a minute ahead, as an edit after the build would. */
  const touch = (file: string) => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, file), later, later);
  };
  return { root, build, touch, runs: () => runs };
}
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

describe('tests never run on a stale build', () => {
  it('builds when there is no build yet, then not again while nothing changed', () => {
    const { build, runs } = project();
    expect(staleness(build)).toMatch(/out\/index\.js is missing/);
    expect(ensureFresh(build)).toBe(true);
    expect(ensureFresh(build)).toBe(false);
    expect(runs()).toBe(1);
  });

  it('rebuilds when a source file is edited after the build', () => {
    const { build, touch, runs } = project();
    ensureFresh(build);
    touch('src/main/index.ts');
    expect(staleness(build)).toBe('src/main changed after the last build');
    expect(ensureFresh(build)).toBe(true);
    expect(runs()).toBe(2);
  });

  it('rebuilds when a configuration file is edited', () => {
    const { build, touch } = project();
    ensureFresh(build);
    touch('vite.config.ts');
    expect(ensureFresh(build)).toBe(true);
  });

  it('rebuilds when a source file is deleted (its folder changes)', () => {
    const { root, build, touch } = project();
    ensureFresh(build);
    rmSync(join(root, 'src/main/index.ts'));
    touch('src/main');
    expect(ensureFresh(build)).toBe(true);
  });

  it('does not rebuild for an edited test, which is not in the bundles', () => {
    const { build, touch } = project();
    ensureFresh(build);
    touch('src/main/index.test.ts');
    expect(ensureFresh(build)).toBe(false);
  });

  it("leaves this project's out/ up to date once the test run has started", () => {
    expect(staleness(APP_BUILD)).toBeUndefined();
  });
});
