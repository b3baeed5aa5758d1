import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from './electron-binary.mjs';
import { downloadHost, startApp, type StartDeps } from './start-app.mjs';

/**
 * A workstation in miniature: the Electron binary appears only once the
 * stand-in installer has run and succeeded, as node_modules/electron does.
 */
function workstation(options: { online: boolean; installerWorks: boolean; env?: Record<string, string> }) {
  let installed = false;
  const seen = {
    launched: [] as string[],
    said: [] as string[],
    complaints: [] as string[],
    installs: [] as boolean[],
  };
  const deps: StartDeps = {
    env: options.env ?? {},
    findBinary: () => (installed ? '/home/clerk/petstore/node_modules/electron/dist/electron' : undefined),
    canReach: () => Promise.resolve(options.online),
    install: ({ quiet }) => {
      seen.installs.push(quiet);
      installed = options.installerWorks;
      return Promise.resolve(options.installerWorks);
    },
    launch: (binary) => {
      seen.launched.push(binary);
      return Promise.resolve(0);
    },
    say: (line) => seen.said.push(line),
    complain: (paragraph) => seen.complaints.push(paragraph),
  };
  return { deps, seen };
}

describe('npm start on a fresh install', () => {
  it('downloads Electron through its installer, with a word first, and opens the app with that binary', async () => {
    const { deps, seen } = workstation({ online: true, installerWorks: true });
    expect(await startApp(deps)).toBe(0);
    expect(seen.installs).toEqual([false]);
    expect(seen.said.join('\n')).toMatch(/downloading it once from github\.com/);
    expect(seen.launched).toEqual(['/home/clerk/petstore/node_modules/electron/dist/electron']);
    expect(seen.complaints).toEqual([]);
  });

  it('opens the app at once when the binary is already there', async () => {
    const { deps, seen } = workstation({ online: false, installerWorks: false });
    deps.findBinary = () => '/opt/electron';
    expect(await startApp(deps)).toBe(0);
    expect(seen.launched).toEqual(['/opt/electron']);
    expect(seen.installs).toEqual([]);
  });

  it('when the download fails, says so in one paragraph naming the web preview, and exits 1', async () => {
    const { deps, seen } = workstation({ online: true, installerWorks: false });
    expect(await startApp(deps)).toBe(1);
    expect(seen.launched).toEqual([]);
    expect(seen.complaints).toHaveLength(1);
    expect(seen.complaints[0]).toContain('npm run preview:web');
    expect(seen.complaints[0]).toContain('could not download');
    expect(seen.complaints[0]).not.toContain('\n');
  });

  it('offline, tries only the installer cache (quietly) and then names the web preview', async () => {
    const { deps, seen } = workstation({ online: false, installerWorks: false });
    expect(await startApp(deps)).toBe(1);
    expect(seen.installs).toEqual([true]);
    expect(seen.said).toEqual([]);
    expect(seen.complaints).toEqual([expect.stringMatching(/cannot reach github\.com.*npm run preview:web/)]);
  });

  it('offline with the download in the installer cache, still opens the app', async () => {
    const { deps, seen } = workstation({ online: false, installerWorks: true });
    expect(await startApp(deps)).toBe(0);
    expect(seen.launched).toHaveLength(1);
  });

  it('with ELECTRON_SKIP_BINARY_DOWNLOAD set, never downloads and names the web preview', async () => {
    const { deps, seen } = workstation({
      online: true,
      installerWorks: true,
      env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    });
    expect(await startApp(deps)).toBe(1);
    expect(seen.installs).toEqual([]);
    expect(seen.complaints).toEqual([
      expect.stringMatching(/ELECTRON_SKIP_BINARY_DOWNLOAD is set.*npm run preview:web/),
    ]);
  });

  it('checks the host of a configured Electron mirror, as the installer would use it', () => {
    expect(downloadHost({})).toBe('github.com');
    expect(downloadHost({ ELECTRON_MIRROR: 'https://npmmirror.com/mirrors/electron/' })).toBe('npmmirror.com');
    expect(downloadHost({ npm_config_electron_mirror: 'https://mirror.example/electron/' })).toBe('mirror.example');
  });
});

const ROOT = resolve(import.meta.dirname, '../..');

// Skipped where an Electron binary is installed: then `npm start` opens the app instead (the Electron workflow covers that).
describe.skipIf(findElectronBinary(ROOT) !== undefined)('npm start on this machine (no Electron, no internet)', () => {
  it.each([
    ['with ELECTRON_SKIP_BINARY_DOWNLOAD', { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }],
    ['without it (the installer cannot reach its host)', { ELECTRON_SKIP_BINARY_DOWNLOAD: '' }],
  ])('prints the one paragraph and exits 1, %s', (_, env) => {
    const started = performance.now();
    const run = spawnSync(process.execPath, [resolve(ROOT, 'build/scripts/start.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    const seconds = (performance.now() - started) / 1000;
    // A figure to read, not a timed assertion: the promise is "within 2 s on a machine without internet".
    console.log(`npm start gave up after ${seconds.toFixed(2)} s`);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining('npm run preview:web')]);
  });
});
