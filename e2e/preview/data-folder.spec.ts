import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCK_FILE } from '../../src/main/core/data-lock';
import {
  childOf,
  onOwnService,
  previewProcessStory,
  processIsRunning,
  spawnPreview,
  startWrapper,
  type PreviewProcess,
} from './process';

// One core per data folder, and a preview that never outlives its command: real child processes,
// killed with real signals.
test.describe.configure({ timeout: 120_000 });

const tmp = previewProcessStory('petstore-preview-lock-');

/** The process holding the folder's lock: the preview's server itself, under its wrapper. */
function lockHolder(dataDir: string): number {
  return (JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;
}

async function answers(preview: PreviewProcess): Promise<boolean> {
  try {
    await fetch(preview.origin, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Gone within a few seconds: its process ended and its port closed. */
async function expectGone(preview: PreviewProcess, pid: number): Promise<void> {
  await expect.poll(() => processIsRunning(pid), { timeout: 5000 }).toBe(false);
  expect(await answers(preview)).toBe(false);
}

test('a second preview on a data folder in use stops with one clear line; the first runs on', async () => {
  // With --petstore-url there is no demo database whose own lock would refuse the second one.
  await onOwnService(tmp(), async ({ dataDir, args }) => {
    const first = await spawnPreview(args, tmp());
    const holder = lockHolder(dataDir);

    const second = spawnPreview(args, tmp());
    await expect(second).rejects.toThrow(
      new RegExp(
        `exited \\(1\\)[\\s\\S]*The data folder ${dataDir} is in use by the Petstore Counter web preview \\(process ${holder}\\): stop it, or choose another --data-dir\\.`,
      ),
    );
    await expect(second).rejects.not.toThrow(/\n\s+at /);

    expect(await first.ipc('getSettings', {})).toMatchObject({ ok: true });
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

test('SIGKILL on the wrapper takes the preview’s server with it, and the folder is free again', async () => {
  const dataDir = join(tmp(), 'data');
  // The test's own keyring session: the wrapper's private one would outlive a SIGKILL.
  const preview = await spawnPreview(['--data-dir', dataDir], tmp(), { ownKeyring: false });
  const server = lockHolder(dataDir);
  expect(server).not.toBe(preview.child.pid);
  expect(await answers(preview)).toBe(true);

  try {
    expect(await preview.stop('SIGKILL')).toBeNull();
    await expectGone(preview, server);
  } finally {
    // Not left running should the preview fail to notice.
    if (processIsRunning(server)) process.kill(server, 'SIGKILL');
  }

  const next = await spawnPreview(['--data-dir', dataDir], tmp(), { ownKeyring: false });
  expect(await next.stop('SIGTERM')).toBe(0);
});

test('SIGKILL on the wrapper in its first moments, the preview still loading, takes the preview with it too', async () => {
  const dataDir = join(tmp(), 'data');
  const wrapper = startWrapper(['--data-dir', dataDir], tmp(), { ownKeyring: false });
  const wrapperPid = wrapper.pid ?? 0;
  // Killed as soon as it has started the preview's process: before that has run a line of its own.
  let server: number | undefined;
  await expect.poll(() => (server = childOf(wrapperPid)), { intervals: [5], timeout: 5000 }).toBeDefined();
  wrapper.kill('SIGKILL');
  const early = server ?? 0;
  try {
    await expect.poll(() => processIsRunning(early), { timeout: 15_000 }).toBe(false);
  } finally {
    if (processIsRunning(early)) process.kill(early, 'SIGKILL');
  }

  const next = await spawnPreview(['--data-dir', dataDir], tmp(), { ownKeyring: false });
  expect(await next.stop('SIGTERM')).toBe(0);
});

test('SIGHUP (the terminal closed) stops the preview and its server cleanly', async () => {
  const dataDir = join(tmp(), 'data');
  const preview = await spawnPreview(['--data-dir', dataDir], tmp());
  const server = lockHolder(dataDir);
  expect(await preview.stop('SIGHUP')).toBe(0);
  await expectGone(preview, server);
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
});

test('a preview whose server was killed outright leaves its lock behind; the next one on the folder takes it over', async () => {
  const dataDir = join(tmp(), 'data');
  const preview = await spawnPreview(['--data-dir', dataDir], tmp());
  const server = lockHolder(dataDir);
  process.kill(server, 'SIGKILL');
  await expectGone(preview, server);
  expect(lockHolder(dataDir)).toBe(server);

  const next = await spawnPreview(['--data-dir', dataDir], tmp());
  expect(lockHolder(dataDir)).not.toBe(server);
  expect(await next.stop('SIGTERM')).toBe(0);
});
