import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, OUT_DIR } from '../../build/scripts/ensure-built';
import { CONTENT_SECURITY_POLICY } from './security/csp';
import { REFUSED_SENDER } from './ipc-bridge';
import { IPC_METHODS, ipcContract } from '../shared';
import { startServer, type RunningServer } from '../server';
import { LOCK_FILE, lockDataFolder } from './core/data-lock';

/**
 * The built shell (out/main/index.js) started in plain Node. Electron itself
 * cannot exist here, so test-support/fake-electron.mjs stands in for the
 * 'electron' module (and electron-log/main, which needs it) and records what
 * the shell asked of it; everything else is real: the core, electron-store
 * files in a temp folder, the built renderer served through the app://
 * handler, and a reference service on port 0 as the demo environment.
 */
const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');

interface ShellReport {
  privilegedSchemes: Array<{ scheme: string; privileges: Record<string, boolean> }>;
  singleInstanceLockRequested: boolean;
  userData: string;
  webPreferences: Record<string, unknown>;
  loadedUrl: string;
  channels: string[];
  page: { status: number; csp: string; body: string };
  escapeStatus: number;
  navigationPrevented: boolean;
  redirectPrevented: boolean;
  webviewPrevented: boolean;
  windowOpen: unknown[];
  openedExternally: string[];
  permissionAnswers: boolean[];
  permissionCheck: boolean;
  devicePermission: boolean;
  displayMediaAnswers: unknown[];
  downloadPrevented: boolean;
  sandboxEnabledBeforeReady: boolean;
  ipcListeners: string[];
  savedKey: { ok: boolean };
  canary: string;
  statusFromPage: { ok: boolean };
  settingsFromPage: { ok: boolean; value?: { selected: string; environments: Array<{ id: string; baseUrl: string }> } };
  fromIframe: unknown;
  fromForeignPage: unknown;
  afterNavigatingAway: unknown;
  badInput: { ok: boolean; error?: { kind: string } };
  quitCalls: number;
  dataLock: { holder: number; self: number };
  menuLabelsAtStart: string[];
  languageSet: unknown;
  menuLabels: string[];
  logged: Array<{ level: string; data: unknown[] }>;
}

let report: ShellReport;
let dataDir: string;
let service: RunningServer | undefined;

beforeAll(async () => {
  ensureBuilt();
  const demo = await startServer({ port: 0, seed: 'demo' });
  service = demo;
  dataDir = mkdtempSync(join(tmpdir(), 'petstore-shell-'));
  const { stdout } = await run(
    process.execPath,
    [join(import.meta.dirname, 'test-support/run-shell.mjs'), join(OUT_DIR, 'main/index.js')],
    {
      cwd: ROOT,
      timeout: 60_000,
      env: {
        ...process.env,
        PETSTORE_USER_DATA_DIR: dataDir,
        PETSTORE_DEMO_URL: demo.url,
        PETSTORE_KEYCHAIN_SERVICE: `Petstore Counter shell test ${process.pid}`,
      },
    },
  );
  report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ShellReport;
}, 120_000);

afterAll(async () => {
  await service?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const refused = { ok: false, error: REFUSED_SENDER };

describe('the built shell, started with a stand-in for Electron', () => {
  it('runs one instance, sandboxes every renderer and registers app:// as a secure standard scheme before ready, and uses the data folder it was given', () => {
    expect(report.singleInstanceLockRequested).toBe(true);
    expect(report.sandboxEnabledBeforeReady).toBe(true);
    expect(report.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
    expect(report.userData).toBe(dataDir);
  });

  it('starts without logging an error', () => {
    expect(report.logged.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('opens a sandboxed, isolated window on app://petstore with the built preload', () => {
    expect(report.loadedUrl).toBe('app://petstore/index.html');
    expect(report.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(report.webPreferences.preload).toBe(join(OUT_DIR, 'preload/index.cjs'));
  });

  it('serves the built renderer with the CSP, and nothing outside it', () => {
    expect(report.page.status).toBe(200);
    expect(report.page.csp).toBe(CONTENT_SECURITY_POLICY);
    expect(report.page.body).toBe(readFileSync(join(OUT_DIR, 'renderer/index.html'), 'utf8'));
    expect(report.escapeStatus).toBe(404);
  });

  it('refuses navigation, redirects, <webview> and new windows; only a clicked public https link goes to the browser', () => {
    expect([report.navigationPrevented, report.redirectPrevented, report.webviewPrevented]).toEqual([true, true, true]);
    expect(report.windowOpen).toEqual([{ action: 'deny' }, { action: 'deny' }]);
    // Clicked: the help page. Refused: the router and a plain-http page (clicked), the docs (window.open, no click).
    expect(report.openedExternally).toEqual(['https://example.com/help']);
  });

  it('answers no to every permission request and check, every device and every screen capture', () => {
    expect(report.permissionAnswers).toEqual([false]);
    expect(report.permissionCheck).toBe(false);
    expect(report.devicePermission).toBe(false);
    expect(report.displayMediaAnswers).toEqual([{}]);
  });

  it('refuses every download, so a page cannot drop a file on the counter’s computer', () => {
    expect(report.downloadPrevented).toBe(true);
  });

  it('leaves no electron-store channel for a frame to ask where the data folder is', () => {
    expect(report.ipcListeners).not.toContain('electron-store-get-data');
  });

  it('keeps a key the clerk saved out of anything logged straight to electron-log', () => {
    expect(report.savedKey.ok).toBe(true);
    const written = JSON.stringify(report.logged);
    expect(written).toContain('third-party module dump');
    const { canary } = report;
    for (const form of [canary, btoa(canary), encodeURIComponent(canary), Buffer.from(canary).toString('hex')]) {
      expect(written).not.toContain(form);
    }
  });

  it('answers the app page over every contract channel, with the core’s typed results', () => {
    expect(report.channels.sort()).toEqual(IPC_METHODS.map((method) => ipcContract[method].channel).sort());
    expect(report.statusFromPage.ok).toBe(true);
    expect(report.badInput).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('refuses an iframe, a foreign page, and the window after it navigated away', () => {
    expect(report.fromIframe).toEqual(refused);
    expect(report.fromForeignPage).toEqual(refused);
    expect(report.afterNavigatingAway).toEqual(refused);
  });

  it('reads the shipped environments and points the demo one at the service npm start launched', () => {
    const settings = report.settingsFromPage.value;
    const shipped = JSON.parse(readFileSync(join(ROOT, 'resources/environments.json'), 'utf8')) as Record<
      string,
      { baseUrl: string }
    >;
    expect(settings?.environments.find((environment) => environment.id === 'staging')?.baseUrl).toBe(
      shipped.staging?.baseUrl,
    );
    expect(settings?.selected).toBe('demo');
    expect(settings?.environments.find((environment) => environment.id === 'demo')?.baseUrl).toBe(service?.url);
  });

  it('names its own menus in the system’s language, then in the one the page reports', () => {
    expect(report.menuLabelsAtStart).toEqual(['fileMenu', 'editMenu', 'View', 'windowMenu', 'Help']);
    expect(report.languageSet).toEqual({ ok: true, value: null });
    expect(report.menuLabels).toEqual(['fileMenu', 'editMenu', 'Ansicht', 'windowMenu', 'Hilfe']);
  });

  it('quits cleanly: holds the first quit, flushes the stores, then quits, remembering the window and freeing its data folder', () => {
    expect(report.quitCalls).toBe(2);
    expect(report.dataLock.holder).toBe(report.dataLock.self);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    const saved = JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8')) as { window: unknown };
    expect(saved.window).toMatchObject({ width: 1200, height: 800, maximized: false });
  });
});

describe('updates in an unpackaged run', () => {
  it('are off: the shell says so and never builds electron-updater’s updater', () => {
    expect(report.logged).toContainEqual({
      level: 'info',
      data: ['Updates off: not packaged: a development run never updates itself'],
    });
  });
});

describe('a second copy on a data folder in use', () => {
  it('tells the clerk which process holds it, opens no window, and exits with an error, leaving the lock alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-shell-in-use-'));
    try {
      // This test's process holds it, as the web preview or another copy of the app would.
      const claim = await lockDataFolder(folder, 'the web preview');
      if (!claim.ok) throw new Error('the folder is held already');
      const held = readFileSync(join(folder, LOCK_FILE), 'utf8');
      const { stdout } = await run(
        process.execPath,
        [join(import.meta.dirname, 'test-support/run-shell.mjs'), join(OUT_DIR, 'main/index.js')],
        { cwd: ROOT, timeout: 60_000, env: { ...process.env, PETSTORE_USER_DATA_DIR: folder } },
      );
      expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({
        exitCode: 1,
        windows: 0,
        errorBoxes: [
          {
            title: 'Petstore Counter is already running',
            content: `Its data folder (${folder}) is in use by another copy of Petstore Counter (process ${process.pid}). Close that one, then start the app again.`,
          },
        ],
      });
      expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(held);
      await claim.lock.release();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

/** The built shell started on `folder` (as the clerk's data folder), with what it printed at the end. */
async function startShellOn(folder: string, env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const { stdout } = await run(
    process.execPath,
    [join(import.meta.dirname, 'test-support/run-shell.mjs'), join(OUT_DIR, 'main/index.js')],
    { cwd: ROOT, timeout: 60_000, env: { ...process.env, PETSTORE_USER_DATA_DIR: folder, ...env } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}

describe('a window-state.json that cannot be read', () => {
  it('opens the window at its default size and keeps the old file aside: the app starts', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-shell-window-state-'));
    try {
      const damaged = '{"window": {"x": 1';
      writeFileSync(join(folder, 'window-state.json'), damaged);
      const shown = await startShellOn(folder, {
        PETSTORE_DEMO_URL: service?.url ?? '',
        PETSTORE_KEYCHAIN_SERVICE: `Petstore Counter shell test ${process.pid}`,
      });
      expect(shown).toMatchObject({ loadedUrl: 'app://petstore/index.html' });
      const backups = readdirSync(folder).filter((file) => file.startsWith('window-state.corrupt-'));
      expect(backups.map((file) => readFileSync(join(folder, file), 'utf8'))).toEqual([damaged]);
      // Closed, it remembers the window again in a good file.
      const saved = JSON.parse(readFileSync(join(folder, 'window-state.json'), 'utf8')) as { window: unknown };
      expect(saved.window).toMatchObject({ width: 1200, height: 800 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a data folder the app cannot use', () => {
  it('tells the clerk the app could not start and why, naming the folder, rather than vanishing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-shell-unusable-'));
    try {
      // A folder where the lock file belongs: the lock can be neither read nor taken.
      mkdirSync(join(folder, LOCK_FILE));
      const shown = await startShellOn(folder);
      expect(shown).toMatchObject({ exitCode: 1, windows: 0 });
      const [box, ...more] = shown.errorBoxes as Array<{ title: string; content: string }>;
      expect(more).toEqual([]);
      expect(box?.title).toBe('Petstore Counter could not start');
      expect(box?.content).toContain(folder);
      expect(box?.content).toContain('EISDIR');
      expect(statSync(join(folder, LOCK_FILE)).isDirectory()).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
