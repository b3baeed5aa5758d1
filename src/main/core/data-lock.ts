import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { uptime } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

/** One core per data folder: `core.lock` in it names the process that holds it. */
export const LOCK_FILE = 'core.lock';

const LockHolder = z.object({
  pid: z.int().positive(),
  /** When the holder's computer started (epoch s): a pid from before a restart names some other process now. */
  bootedAt: z.number(),
  /** Who holds it, for the refusal ("Petstore Counter", "the web preview"). */
  by: z.string(),
  /** When it was taken (epoch ms). */
  since: z.number(),
});
export type LockHolder = z.infer<typeof LockHolder>;

/** What the lock needs of the machine; `nodeLockSystem` is the real one (a test swaps a part to race it). */
export interface LockSystem {
  pid: number;
  bootedAt: number;
  now(): number;
  isRunning(pid: number): boolean;
  /** Writes the file only if there is none (EEXIST otherwise), whole or not at all. */
  createExclusive(path: string, text: string): Promise<void>;
  /** The file's text, or undefined when there is none. */
  read(path: string): Promise<string | undefined>;
  remove(path: string): Promise<void>;
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

/** Signal 0 asks whether the process exists; EPERM means it does, under another user. */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

export function nodeLockSystem(): LockSystem {
  return {
    pid: process.pid,
    // Whole seconds, so the same boot gives the same figure however it is rounded.
    bootedAt: Math.round(Date.now() / 1000 - uptime()),
    now: () => Date.now(),
    isRunning: processIsRunning,
    // Written aside, then hard-linked in place: the lock never exists half written. A first start makes the folder.
    createExclusive: async (path, text) => {
      await mkdir(dirname(path), { recursive: true });
      const aside = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(aside, text);
      try {
        await link(aside, path);
      } finally {
        await unlink(aside);
      }
    },
    read: async (path) => {
      try {
        return await readFile(path, 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return undefined;
        throw error;
      }
    },
    remove: async (path) => {
      try {
        await unlink(path);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    },
  };
}

/** A boot time read from uptime drifts by a second or so between reads; a restart moves it much more. */
const SAME_BOOT_SECONDS = 30;

/** The holder a lock file names, or undefined when it holds nothing any more (unreadable, its process gone). */
function liveHolder(text: string, system: LockSystem, heldHere: boolean): LockHolder | undefined {
  let holder: LockHolder;
  try {
    holder = LockHolder.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
  if (Math.abs(holder.bootedAt - system.bootedAt) > SAME_BOOT_SECONDS) return undefined;
  // Our own pid is a live holder only while this process holds the lock: else a process before a restart wrote it.
  if (holder.pid === system.pid) return heldHere ? holder : undefined;
  return system.isRunning(holder.pid) ? holder : undefined;
}

export interface DataLock {
  readonly path: string;
  /** Removes the lock, if it is still this one. */
  release(): Promise<void>;
}

export type DataLockResult = { ok: true; lock: DataLock } | { ok: false; holder: LockHolder };

/** Lock files this process holds, so a second core here is refused too. */
const heldHere = new Set<string>();

/**
 * Takes the data folder's lock for `by`, or names the live process holding it. A lock whose process is gone,
 * from before the computer restarted, or that cannot be read is taken over. Two starts racing over the same
 * stale lock within the same instant could both take it: accepted (see docs/decisions.md).
 */
export async function lockDataFolder(
  dataDir: string,
  by: string,
  system: LockSystem = nodeLockSystem(),
): Promise<DataLockResult> {
  const path = join(resolve(dataDir), LOCK_FILE);
  const mine = JSON.stringify({ pid: system.pid, bootedAt: system.bootedAt, by, since: system.now() });
  // A few rounds: another start may take or drop the lock between our steps.
  for (let round = 0; round < 3; round += 1) {
    try {
      await system.createExclusive(path, mine);
      heldHere.add(path);
      return { ok: true, lock: { path, release: () => release(path, mine, system) } };
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const text = await system.read(path);
    if (text === undefined) continue;
    const holder = liveHolder(text, system, heldHere.has(path));
    if (holder) return { ok: false, holder };
    await system.remove(path);
  }
  throw new Error(`${path} is being taken and dropped by other processes; try again`);
}

async function release(path: string, mine: string, system: LockSystem): Promise<void> {
  if (!heldHere.delete(path)) return;
  if ((await system.read(path)) === mine) await system.remove(path);
}
