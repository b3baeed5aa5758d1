import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * The workflows and the packaging configuration cannot run here, so this
 * reads them as GitHub and electron-builder would and checks the promises
 * they make: OS matrix, pinned actions, xvfb on Linux, installer targets and
 * fuses. electron-builder's own loader and schema validate the config.
 */
const ROOT = resolve(import.meta.dirname, '..');
const WORKFLOWS = join(ROOT, '.github/workflows');

const Step = z.looseObject({ uses: z.string().optional(), run: z.string().optional(), if: z.string().optional() });
const Job = z.looseObject({
  'runs-on': z.string(),
  strategy: z.looseObject({ matrix: z.looseObject({}) }).optional(),
  steps: z.array(Step),
});
const Workflow = z.looseObject({ name: z.string(), on: z.unknown(), jobs: z.record(z.string(), Job) });
type Workflow = z.infer<typeof Workflow>;

function workflow(name: string): Workflow {
  return Workflow.parse(parse(readFileSync(join(WORKFLOWS, name), 'utf8')));
}

function matrixOses(job: z.infer<typeof Job>): string[] {
  const matrix = job.strategy?.matrix as { os?: string[]; include?: Array<{ os: string }> } | undefined;
  return (matrix?.os ?? matrix?.include?.map((entry) => entry.os) ?? [job['runs-on']]).sort();
}

const ALL_OSES = ['macos-latest', 'ubuntu-latest', 'windows-latest'];

describe('GitHub Actions', () => {
  const files = readdirSync(WORKFLOWS).filter((file) => /\.ya?ml$/.test(file));

  it('pins every action to a full commit SHA, with the version in a comment', () => {
    for (const file of files) {
      const text = readFileSync(join(WORKFLOWS, file), 'utf8');
      const uses = [...text.matchAll(/uses:\s*(\S+)(.*)$/gm)];
      expect(uses.length).toBeGreaterThan(0);
      for (const [, action = '', comment = ''] of uses) {
        expect({ file, action, pinned: /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(action) }).toEqual({
          file,
          action,
          pinned: true,
        });
        expect(comment).toMatch(/#\s*v\d+/);
      }
    }
  });

  it('CI runs lint, typecheck and the unit tests', () => {
    const runs = workflow('ci.yml').jobs.checks?.steps.map((step) => step.run ?? '') ?? [];
    expect(runs).toContain('npm run lint');
    expect(runs).toContain('npm run typecheck');
    expect(runs).toContain('npm run test:unit');
  });

  it('CI runs every benchmark with a Chromium of its own and keeps the figures, as a report and not a gate', () => {
    const bench = workflow('ci.yml').jobs.bench;
    expect(bench).toBeDefined();
    if (!bench) return;
    // Timings on a shared runner are figures to read, never a test that fails a merge.
    expect(bench['continue-on-error']).toBe(true);
    const runs = bench.steps.map((step) => step.run ?? '');
    expect(runs.indexOf('npm run bench')).toBeGreaterThan(runs.indexOf('npx playwright install --with-deps chromium'));
    expect(runs.indexOf('npx playwright install --with-deps chromium')).toBeGreaterThan(-1);
    const kept = bench.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(kept?.if).toBe('always()');
  });

  it('CI runs the Playwright suite under real Electron on ubuntu, windows and macos, under xvfb-run on Linux', () => {
    const e2e = workflow('ci.yml').jobs.e2e;
    expect(e2e).toBeDefined();
    if (!e2e) return;
    expect(matrixOses(e2e)).toEqual(ALL_OSES);
    const playwright = e2e.steps.filter((step) => step.run?.includes('playwright test --project=electron'));
    const linux = playwright.find((step) => step.if === "runner.os == 'Linux'");
    const others = playwright.find((step) => step.if === "runner.os != 'Linux'");
    expect(linux?.run).toMatch(/^xvfb-run /);
    expect(others?.run).not.toContain('xvfb-run');
    // No manual download: Electron comes through `npm start`, as on a workstation.
    expect(e2e.steps.some((step) => step.run?.includes('install.js') || step.run?.includes('install-electron'))).toBe(
      false,
    );
    expect(e2e.steps.some((step) => step.run?.includes('npm start -- --smoke'))).toBe(true);
  });

  it("CI walks a newcomer's path on ubuntu, windows and macos: a fresh npm install, the lockfile unchanged, npm start's smoke run", () => {
    const newcomer = workflow('ci.yml').jobs.newcomer;
    expect(newcomer).toBeDefined();
    if (!newcomer) return;
    expect(matrixOses(newcomer)).toEqual(ALL_OSES);
    const runs = newcomer.steps.map((step) => step.run ?? '');
    const install = runs.indexOf('npm install');
    const lockfile = runs.indexOf('git diff --exit-code package-lock.json');
    const linux = newcomer.steps.find((step) => step.if === "runner.os == 'Linux'" && step.run?.includes('npm start'));
    const others = newcomer.steps.find((step) => step.if === "runner.os != 'Linux'" && step.run?.includes('npm start'));
    expect(install).toBeGreaterThan(-1);
    expect(lockfile).toBeGreaterThan(install);
    expect(linux?.run).toBe('xvfb-run --auto-servernum -- node build/scripts/with-keyring.mjs npm start -- --smoke');
    expect(others?.run).toBe('npm start -- --smoke');
    expect(runs.indexOf(linux?.run ?? '')).toBeGreaterThan(lockfile);
    // Nothing between the install and the start fetches Electron by hand, and nothing skips its download.
    expect(runs.some((run) => /install\.js|install-electron|npm ci/.test(run))).toBe(false);
    expect(JSON.stringify(newcomer)).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });

  it('the release workflow builds installers on each OS and uploads them', () => {
    const release = workflow('release.yml');
    const installers = release.jobs.installers;
    expect(installers).toBeDefined();
    if (!installers) return;
    expect(matrixOses(installers)).toEqual(ALL_OSES);
    expect(installers.steps.some((step) => step.run?.startsWith('npm run dist'))).toBe(true);
    expect(installers.steps.some((step) => step.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
    expect(release.jobs.publish?.steps.some((step) => step.uses?.startsWith('softprops/action-gh-release@'))).toBe(
      true,
    );
  });

  it('uses Node 24 everywhere', () => {
    for (const file of files) {
      const text = readFileSync(join(WORKFLOWS, file), 'utf8');
      for (const [, version] of text.matchAll(/node-version:\s*(\S+)/g)) expect(version).toBe('24');
    }
  });
});

// electron-builder's own configuration loader and schema (it has no public export for them).
const require = createRequire(import.meta.url);
const builderConfig = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<Record<string, unknown>>;
  validateConfiguration(config: unknown, debugLogger: { isEnabled: boolean; add(): void }): Promise<void>;
};

const Target = z.object({ target: z.string(), arch: z.array(z.string()) });
const BuilderConfig = z.looseObject({
  appId: z.string(),
  productName: z.string(),
  artifactName: z.string(),
  asar: z.boolean(),
  icon: z.string(),
  electronFuses: z.record(z.string(), z.boolean()),
  win: z.looseObject({ target: z.array(Target) }),
  nsis: z.looseObject({ perMachine: z.boolean(), allowElevation: z.boolean() }),
  mac: z.looseObject({
    target: z.array(Target),
    hardenedRuntime: z.boolean(),
    entitlements: z.string(),
    notarize: z.boolean(),
  }),
  linux: z.looseObject({ target: z.array(Target) }),
  publish: z.unknown(),
});

async function loadBuilderConfig(file: string) {
  const config = await builderConfig.getConfig(ROOT, file, null);
  await builderConfig.validateConfiguration(config, { isEnabled: false, add: () => {} });
  return BuilderConfig.parse(config);
}

const targets = (list: Array<z.infer<typeof Target>>) => list.map(({ target, arch }) => `${target}:${arch.join('+')}`);

describe('electron-builder configuration', () => {
  it('is valid for electron-builder and names the app, its icon source and versioned artifacts', async () => {
    const config = await loadBuilderConfig('build/electron-builder.yml');
    expect(config.appId).toBe('com.petstore.counter');
    expect(config.productName).toBe('Petstore Counter');
    expect(config.artifactName).toContain('${version}');
    expect(config.asar).toBe(true);
    expect(config.icon).toBe('build/icons/icon.png');
    expect(readFileSync(join(ROOT, 'build/scripts/make-icons.mjs'), 'utf8')).toContain("'icon.svg'");
  });

  it('builds a per-user Windows installer, DMG and zip for both Mac CPUs, and AppImage and deb', async () => {
    const config = await loadBuilderConfig('build/electron-builder.yml');
    expect(targets(config.win.target)).toEqual(['nsis:x64']);
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false });
    expect(targets(config.mac.target)).toEqual(['dmg:x64+arm64', 'zip:x64+arm64']);
    expect(targets(config.linux.target)).toEqual(['AppImage:x64', 'deb:x64']);
  });

  it('publishes a generic HTTPS update feed per OS and CPU, which IT can point elsewhere', async () => {
    const config = await loadBuilderConfig('build/electron-builder.yml');
    expect(config.publish).toEqual({
      provider: 'generic',
      url: 'https://updates.petstore.example.com/counter/${os}/${arch}',
      updaterCacheDirName: 'petstore-counter-updater',
    });
  });

  it('builds a per-machine Windows installer for IT from the release configuration, into a folder of its own', async () => {
    const release = await loadBuilderConfig('build/electron-builder.yml');
    const perMachine = await loadBuilderConfig('build/electron-builder.per-machine.yml');
    expect(perMachine.nsis).toMatchObject({ oneClick: false, perMachine: true, allowElevation: true });
    expect(targets(perMachine.win.target)).toEqual(['nsis:x64']);
    expect(perMachine.electronFuses).toEqual(release.electronFuses);
    expect(perMachine.publish).toEqual(release.publish);
    // Its latest.yml must never replace the per-user feed's.
    expect(perMachine.directories).not.toEqual(release.directories);
    expect(perMachine.artifactName).not.toBe(release.artifactName);
  });

  it('signs macOS builds with the hardened runtime and minimal entitlements, notarised when credentials exist', async () => {
    const config = await loadBuilderConfig('build/electron-builder.yml');
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true });
    const entitlements = readFileSync(join(ROOT, config.mac.entitlements), 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
    expect(entitlements).not.toMatch(/disable-library-validation|device\.camera|audio-input/);
  });

  it('burns the release fuses: no RunAsNode, no NODE_OPTIONS, no --inspect, asar integrity, asar only', async () => {
    const { electronFuses } = await loadBuilderConfig('build/electron-builder.yml');
    expect(electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('keeps for the test build only what Playwright needs: the --inspect attach, every other fuse as released', async () => {
    const release = await loadBuilderConfig('build/electron-builder.yml');
    const testBuild = await loadBuilderConfig('build/electron-builder.test-build.yml');
    expect(testBuild.electronFuses).toEqual({ ...release.electronFuses, enableNodeCliInspectArguments: true });
    expect(targets(testBuild.linux.target)).toEqual(targets(release.linux.target));
    expect(testBuild.directories).not.toEqual(release.directories);
  });
});
