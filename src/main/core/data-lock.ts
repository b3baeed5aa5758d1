import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';

/** One core per data folder: `core.lock` in it names the process that holds it. */
export const LOCK_FILE = 'core.lock';

const LockHolder = z.object({
  pid: z.int().positive(),
  /**
   * Where the holder listens while it runs (a socket, a named pipe on Windows). The operating system closes it
   * when the process ends, so whether it still answers tells a live holder from a gone one: no clock is read,
   * and a pid taken by another process since does not answer there.
   */
  address: z.string(),
  /** Who holds it, for the refusal ("Petstore Counter", "the web preview"). */
  by: z.string(),
  /** When it was taken (epoch ms). */
  since: z.number(),
});
export type LockHolder = z.infer<typeof LockHolder>;

/** Listening at the holder's address until closed. */
export interface Listening {
  address: string;
  close(): Promise<void>;
}

/** What the lock needs of the machine; `nodeLockSystem` is the real one (a test swaps a part to race it). */
export interface LockSystem {
  pid: number;
  now(): number;
  /** Listens at a new address of this process's own, for the data folder `dir` (made if missing). */
  listen(dir: string): Promise<Listening>;
  /** Whether a process listens at the address. */
  answers(address: string): Promise<boolean>;
  /** Removes what a holder of the data folder `dir` that is gone left at its address (a socket file). */
  forget(dir: string, address: string): Promise<void>;
  /** Writes the file only if there is none (EEXIST otherwise), whole or not at all. */
  createExclusive(path: string, text: string): Promise<void>;
  /** The file's text, or undefined when there is none. */
  read(path: string): Promise<string | undefined>;
  remove(path: string): Promise<void>;
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

const SOCKET_NAME = /^petstore-[0-9a-f]{16}\.sock$/;

/** A socket's path must fit in 104 bytes on macOS, with its closing NUL (108 on Linux). */
const SOCKET_PATH_MAX = 103;

/** Listens at the address until closed. */
function listenAt(address: string): Promise<Listening> {
  return new Promise((resolveListen, rejectListen) => {
    // It only has to be there: a connection is closed at once, and it keeps no process running.
    const server = createServer((socket) => socket.destroy());
    server.once('error', rejectListen);
    server.listen(address, () => {
      server.unref();
      resolveListen({ address, close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())) });
    });
  });
}

/** Whether anything answers at the address; one that refuses or is not there has no holder. */
function answers(address: string): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect(address);
    const answer = (live: boolean) => {
      socket.destroy();
      resolveAnswer(live);
    };
    socket.once('connect', () => {
      answer(true);
    });
    // Any other failure (another user's socket, say) is taken as a live holder: refusing is the safe side.
    socket.once('error', (error) => {
      answer(!['ECONNREFUSED', 'ENOENT', 'ENOTSOCK'].includes(String(errorCode(error))));
    });
    socket.setTimeout(5_000, () => {
      answer(true);
    });
  });
}

export function nodeLockSystem(): LockSystem {
  return {
    pid: process.pid,
    now: () => Date.now(),
    // A named pipe on Windows. Else a socket file in the data folder, never cleaned while the app runs as a temporary
    // folder may be after some days; in the temporary folder where the path is too long for a socket, or the data
    // folder's file system holds none (a network share, say).
    listen: async (dir) => {
      // A first start makes the folder.
      await mkdir(dir, { recursive: true });
      const name = `petstore-${randomBytes(8).toString('hex')}`;
      if (process.platform === 'win32') return listenAt(`\\\\.\\pipe\\${name}`);
      const inFolder = join(dir, `${name}.sock`);
      if (Buffer.byteLength(inFolder) <= SOCKET_PATH_MAX) {
        try {
          return await listenAt(inFolder);
        } catch {
          // Falls through to the temporary folder.
        }
      }
      return listenAt(join(tmpdir(), `${name}.sock`));
    },
    answers,
    // Only a socket file of ours where this folder's would be: the address is read from a file anyone could have written.
    forget: async (dir, address) => {
      const where = dirname(address);
      if ((where === dir || where === tmpdir()) && SOCKET_NAME.test(basename(address)))
        await rm(address, { force: true });
    },
    // Written aside, then hard-linked in place: the lock never exists half written.
    createExclusive: async (path, text) => {
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

/** The holder a lock file names, or undefined when it holds nothing any more (unreadable, not answering). */
async function liveHolder(text: string, dir: string, system: LockSystem): Promise<LockHolder | undefined> {
  let holder: LockHolder;
  try {
    holder = LockHolder.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
  if (await system.answers(holder.address)) return holder;
  await system.forget(dir, holder.address);
  return undefined;
}

export interface DataLock {
  readonly path: string;
  /** Removes the lock, if it is still this one. */
  release(): Promise<void>;
}

export type DataLockResult = { ok: true; lock: DataLock } | { ok: false; holder: LockHolder };

/**
 * Takes the data folder's lock for `by`, or names the live process holding it. A lock whose holder no longer
 * answers at its address (its process gone, the computer restarted since) or that cannot be read is taken over.
 * Two starts racing over the same stale lock within the same instant could both take it: accepted (see
 * docs/decisions.md).
 */
export async function lockDataFolder(
  dataDir: string,
  by: string,
  system: LockSystem = nodeLockSystem(),
): Promise<DataLockResult> {
  const dir = resolve(dataDir);
  const path = join(dir, LOCK_FILE);
  // Listening before the lock names the address: a lock of a live holder always answers.
  const listening = await system.listen(dir);
  const mine = JSON.stringify({ pid: system.pid, address: listening.address, by, since: system.now() });
  let taken = false;
  try {
    // A few rounds: another start may take or drop the lock between our steps.
    for (let round = 0; round < 3; round += 1) {
      try {
        await system.createExclusive(path, mine);
        taken = true;
        let released: Promise<void> | undefined;
        return { ok: true, lock: { path, release: () => (released ??= release(path, mine, listening, system)) } };
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const text = await system.read(path);
      if (text === undefined) continue;
      const holder = await liveHolder(text, dir, system);
      if (holder) return { ok: false, holder };
      await system.remove(path);
    }
    throw new Error(`${path} is being taken and dropped by other processes; try again`);
  } finally {
    if (!taken) await listening.close();
  }
}

async function release(path: string, mine: string, listening: Listening, system: LockSystem): Promise<void> {
  if ((await system.read(path)) === mine) await system.remove(path);
  await listening.close();
}
