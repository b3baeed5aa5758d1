import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE, lockDataFolder, nodeLockSystem, type DataLockResult } from './data-lock';

const MODULE = pathToFileURL(join(import.meta.dirname, 'data-lock.ts')).href;

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Another app on the folder: a real process that takes the lock and keeps running until killed. */
async function otherApp(folder: string): Promise<ChildProcess> {
  const code = `const { lockDataFolder } = await import(${JSON.stringify(MODULE)});
    const result = await lockDataFolder(${JSON.stringify(folder)}, 'the other app');
    console.log(result.ok ? 'locked' : 'refused');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout.setEncoding('utf8'), 'data')) as [string];
  expect(line.trim()).toBe('locked');
  return child;
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

function holderPid(): unknown {
  return (JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: unknown }).pid;
}

/** A lock naming a live process (this one's parent) and an address where nothing listens, unless `fields` say otherwise. */
function lockWith(fields: Record<string, unknown>): void {
  const nobody = join(tmpdir(), 'petstore-0000000000000000.sock');
  const holder = { pid: process.ppid, address: nobody, by: 'someone', since: Date.now(), ...fields };
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder));
}

function expectTaken(result: DataLockResult): void {
  expect(result.ok).toBe(true);
  expect(holderPid()).toBe(process.pid);
}

describe('one core per data folder', () => {
  it('refuses a second app while the first runs, and names it; once the first is killed, its lock is taken over', async () => {
    const first = await otherApp(dir);
    const { address } = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { address: string };
    expect(dirname(address)).toBe(dir);
    try {
      const refused = await lockDataFolder(dir, 'Petstore Counter');
      expect(refused).toMatchObject({ ok: false, holder: { pid: first.pid, by: 'the other app' } });
      expect(holderPid()).toBe(first.pid);
    } finally {
      await killed(first);
    }
    // The crash left its lock behind, naming a process that is gone, and its socket, removed with it.
    expect(holderPid()).toBe(first.pid);
    expect(existsSync(address)).toBe(true);
    expectTaken(await lockDataFolder(dir, 'Petstore Counter'));
    expect(existsSync(address)).toBe(false);
  });

  it.each([
    ['forward', 3_600_000],
    ['back', -3_600_000],
  ])(
    'refuses a second app while the first runs though the clock was stepped an hour %s since the first took the folder',
    async (_, stepMs) => {
      const first = await otherApp(dir);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + stepMs });
      try {
        const refused = await lockDataFolder(dir, 'the web preview');
        expect(refused).toMatchObject({ ok: false, holder: { pid: first.pid, by: 'the other app' } });
        expect(holderPid()).toBe(first.pid);
      } finally {
        vi.useRealTimers();
        await killed(first);
      }
    },
  );

  it('refuses a second core in the same process, and lets the next one in once the first releases', async () => {
    const first = await lockDataFolder(dir, 'the web preview');
    if (!first.ok) throw new Error('the first core was refused');
    expect(await lockDataFolder(join(dir, '.'), 'the web preview')).toMatchObject({ ok: false });
    const { address } = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { address: string };
    await first.lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(existsSync(address)).toBe(false);
    const next = await lockDataFolder(dir, 'the web preview');
    expect(next.ok).toBe(true);
    if (next.ok) await next.lock.release();
  });

  it.each([
    ['empty', ''],
    ['cut short', '{"pid":12'],
    ['not a lock', '{"pid":"twelve"}'],
    ['binary noise', '\u0000\u00ff\u0001'],
  ])('takes over a lock file that cannot be read (%s)', async (_, text) => {
    writeFileSync(join(dir, LOCK_FILE), text);
    expectTaken(await lockDataFolder(dir, 'Petstore Counter'));
  });

  it('takes over a lock whose pid now names another live process (the computer restarted, the pid reused), and removes the socket its holder left', async () => {
    const left = join(tmpdir(), 'petstore-00000000000000aa.sock');
    writeFileSync(left, '');
    lockWith({ address: left });
    expectTaken(await lockDataFolder(dir, 'Petstore Counter'));
    expect(existsSync(left)).toBe(false);
  });

  it('removes no file of anyone else that a lock names as its address', async () => {
    const other = join(dir, 'not-a-socket.sock');
    writeFileSync(other, 'kept');
    lockWith({ address: other });
    expectTaken(await lockDataFolder(dir, 'Petstore Counter'));
    expect(readFileSync(other, 'utf8')).toBe('kept');
  });

  it('takes over a lock naming this very process when this process never took it (a pid reused)', async () => {
    lockWith({ pid: process.pid });
    expectTaken(await lockDataFolder(dir, 'Petstore Counter'));
  });

  it('leaves a lock alone on release once it is no longer its own', async () => {
    const first = await lockDataFolder(dir, 'Petstore Counter');
    if (!first.ok) throw new Error('refused');
    lockWith({ by: 'whoever took it over' });
    await first.lock.release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toContain('whoever took it over');
  });

  it('gives up with a clear error when other starts keep taking and dropping the lock under it', async () => {
    const exists = Object.assign(new Error('EEXIST: file already exists'), { code: 'EEXIST' });
    const busy = {
      ...nodeLockSystem(),
      createExclusive: () => Promise.reject(exists),
      read: () => Promise.resolve(undefined),
    };
    await expect(lockDataFolder(dir, 'Petstore Counter', busy)).rejects.toThrow(/being taken and dropped/);
  });

  it('holds a data folder whose path is too long for a socket in it, listening in the temporary folder instead', async () => {
    const deep = join(dir, 'a folder with a long name'.repeat(4));
    const taken = await lockDataFolder(deep, 'Petstore Counter');
    if (!taken.ok) throw new Error('refused');
    const { address } = JSON.parse(readFileSync(join(deep, LOCK_FILE), 'utf8')) as { address: string };
    // Windows has no socket files: its holders listen on a named pipe, whatever the folder's path.
    if (process.platform === 'win32') expect(address).toMatch(/^\\\\\.\\pipe\\petstore-/);
    else expect(dirname(address)).toBe(tmpdir());
    expect(await lockDataFolder(deep, 'the web preview')).toMatchObject({ ok: false });
    await taken.lock.release();
    expect(existsSync(address)).toBe(false);
  });

  it('makes the folder on a first start, and says why when there cannot be one', async () => {
    const first = await lockDataFolder(join(dir, 'new', 'data'), 'Petstore Counter');
    expect(first.ok).toBe(true);
    if (first.ok) await first.lock.release();
    writeFileSync(join(dir, 'a-file'), '');
    await expect(lockDataFolder(join(dir, 'a-file', 'data'), 'Petstore Counter')).rejects.toThrow(
      /ENOTDIR|EEXIST|ENOENT/,
    );
  });
});
