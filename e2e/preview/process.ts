import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { test } from '@playwright/test';
import { ReferenceService } from '../support/reference-service';

export { processIsRunning } from './running';

const ROOT = resolve(import.meta.dirname, '../..');

export interface PreviewProcess {
  child: ChildProcess;
  /** The address it printed (token included). */
  url: string;
  origin: string;
  token: string;
  stderr(): string;
  /** Sends the signal and waits for the exit code. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
  /** Calls a core method over the bridge, as the page would. */
  ipc(method: string, input: unknown): Promise<unknown>;
}

/**
 * `npm run preview:web` as a real child process: with-keyring in its
 * --if-no-session mode and the preview's CLI with tsx as its loader, by default with no D-Bus
 * session of its own to borrow (so it makes its private keyring), temp folders under
 * `tmp`. Returns once the preview printed its address; `startWrapper` is the process just started.
 */
export async function spawnPreview(
  args: string[],
  tmp: string,
  options: { ownKeyring?: boolean } = {},
): Promise<PreviewProcess> {
  const child = startWrapper(args, tmp, options);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const url = await new Promise<string>((resolveUrl, rejectUrl) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const found = /Open: (\S+)/.exec(stdout);
      if (found?.[1]) resolveUrl(found[1]);
    });
    void exited.then(([code]) => {
      rejectUrl(new Error(`the preview exited (${String(code)}) before printing its address:\n${stdout}\n${stderr}`));
    });
  });
  const parsed = new URL(url);
  const token = parsed.searchParams.get('token') ?? '';
  return {
    child,
    url,
    origin: parsed.origin,
    token,
    stderr: () => stderr,
    stop: async (signal) => {
      child.kill(signal);
      const [code] = await exited;
      return code;
    },
    ipc: async (method, input) => {
      const response = await fetch(`${parsed.origin}/ipc/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-petstore-token': token },
        body: JSON.stringify(input),
      });
      return response.json();
    },
  };
}

/** The wrapper of `spawnPreview`, just started: the preview's own process is its child. */
export function startWrapper(
  args: string[],
  tmp: string,
  { ownKeyring = true }: { ownKeyring?: boolean } = {},
): ChildProcessByStdio<null, Readable, Readable> {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
  // Without its own keyring it uses the test's session (when there is one): nothing of it outlives a SIGKILL.
  if (ownKeyring) {
    delete env.PETSTORE_TEST_KEYRING;
    delete env.DBUS_SESSION_BUS_ADDRESS;
  }
  // tsx as a loader in the one node process, not the tsx CLI: that CLI relays a signal only if the child
  // answers within 30 ms, and SIGKILLs it otherwise — a loaded machine lost the preview's clean stop.
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'build/scripts/with-keyring.mjs'),
      '--if-no-session',
      process.execPath,
      '--import',
      'tsx',
      join(ROOT, 'e2e/preview/cli.ts'),
      ...args,
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  void once(child, 'exit').then(() => running.delete(child));
  return child;
}

/** The pid of a process's child (Linux: read from /proc), if it has one yet. */
export function childOf(pid: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ") ".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1];
      if (Number(parent) === pid) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/**
 * A shop service of the test's own, and the arguments of a preview on it with its data folder under `tmp`: `story`
 * runs with them, and the service is stopped after it, whatever it asserted.
 */
export async function onOwnService(
  tmp: string,
  story: (shop: { service: ReferenceService; dataDir: string; args: string[] }) => Promise<void>,
): Promise<void> {
  const service = new ReferenceService(join(tmp, 'shop.db'));
  await service.start();
  try {
    const dataDir = join(tmp, 'data');
    await story({ service, dataDir, args: ['--data-dir', dataDir, '--petstore-url', service.url] });
  } finally {
    await service.stop();
  }
}

/** Previews still running, stopped after each test whatever it asserted. */
const running = new Set<ChildProcess>();

async function stopLeftOvers(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(late);
    }),
  );
}

/**
 * For a spec of preview processes: each test runs once (in the browser project, though it needs no
 * browser) with a fresh temporary folder, removed after it. Returns the folder of the running test.
 */
export function previewProcessStory(prefix: string): () => string {
  let tmp = '';
  test.beforeEach(({ browserName }, testInfo) => {
    // Preview processes are spawned from Node, no window at all: once is enough, in the browser project.
    test.skip(
      browserName !== 'chromium' || testInfo.project.name !== 'chromium',
      'a Node-only story: run it once, in the browser project',
    );
    tmp = mkdtempSync(join(tmpdir(), prefix));
  });
  test.afterEach(async () => {
    await stopLeftOvers();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    tmp = '';
  });
  return () => tmp;
}
