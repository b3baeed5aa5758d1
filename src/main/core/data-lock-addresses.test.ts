/** Where the data folder's lock listens, and what it may remove of an address a lock file names. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataFolder } from './data-lock';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lockedAddress = (folder: string) =>
  (JSON.parse(readFileSync(join(folder, LOCK_FILE), 'utf8')) as { address: string }).address;

describe('the data folder’s lock and the addresses it names', () => {
  it('leaves a socket-named file in a folder of someone else alone, though a stale lock names it as its address', async () => {
    // Another shop's folder (a copied data folder's lock names it), holding a file named as our sockets are.
    const elsewhere = join(dir, 'the other shop');
    mkdirSync(elsewhere);
    const theirs = join(elsewhere, 'petstore-00000000000000bb.sock');
    writeFileSync(theirs, 'kept');
    const data = join(dir, 'data');
    mkdirSync(data);
    const stale = { pid: process.ppid, address: theirs, by: 'Petstore Counter', since: Date.now() };
    writeFileSync(join(data, LOCK_FILE), JSON.stringify(stale));

    const taken = await lockDataFolder(data, 'Petstore Counter');
    if (!taken.ok) throw new Error('refused');
    expect(readFileSync(theirs, 'utf8')).toBe('kept');
    await taken.lock.release();
  });

  it('listens in the temporary folder when its socket’s path would fit Linux’s 108 bytes but not a Mac’s 104', async () => {
    // The socket's name, "/petstore-" and 16 hex digits and ".sock", is 31 bytes: a folder of 74 makes a path of 105.
    const data = join(dir, 'x'.repeat(74 - dir.length - 1));
    expect(Buffer.byteLength(join(data, 'petstore-0000000000000000.sock'))).toBe(105);
    const taken = await lockDataFolder(data, 'Petstore Counter');
    if (!taken.ok) throw new Error('refused');
    const address = lockedAddress(data);
    expect(dirname(address)).toBe(tmpdir());
    expect(await lockDataFolder(data, 'the web preview')).toMatchObject({ ok: false });
    await taken.lock.release();
    expect(existsSync(address)).toBe(false);
  });
});
