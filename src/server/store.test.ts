import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from '../shared';
import { openPetStore, type StoredPet } from './store';

const AWKWARD_NAMES = [
  'Plain',
  'Quote " and backslash \\',
  'Control \u0001 \u001f tab\t newline\n',
  'Line separators \u2028 \u2029',
  'Zoë, 小白, Ёжик, نمر',
  'Outside the BMP 🐢🦜',
  '</script><b>',
  '\u007f delete',
];

describe('the page JSON SQLite writes', () => {
  it('says exactly what the stored rows say, awkward names and extreme ids included', () => {
    const store = openPetStore(':memory:');
    const stored = store.insertMany([
      ...AWKWARD_NAMES.map((name, i) => ({ name, categoryId: BigInt(i), status: 'available' as const })),
      { id: 9007199254740993n, name: 'Big', categoryId: 9223372036854775807n, status: 'sold' },
      { id: 9223372036854775807n, name: 'Top', categoryId: -9223372036854775808n, status: 'pending' },
    ]);
    const readEach = (pets: StoredPet[]) => pets.map((pet) => store.get(pet.id));

    const page = store.listJson({ limit: 100 });
    expect(parseJson(page)).toEqual(parseJson(stringifyJson(readEach(stored))));
    expect(page).toContain('"id":9223372036854775807,"name":"Top","categoryId":-9223372036854775808');

    const sold = store.listJson({ limit: 100, status: 'sold' });
    expect(parseJson(sold)).toEqual(parseJson(stringifyJson(readEach(stored.filter((pet) => pet.status === 'sold')))));
    store.close();
  });

  it('is an empty array when nothing matches', () => {
    const store = openPetStore(':memory:');
    expect(store.listJson({ limit: 20 })).toBe('[]');
    store.close();
  });

  it('shows every add on the next read of the same page, each size and filter its own query', () => {
    const store = openPetStore(':memory:');
    const ids = (page: string) => (parseJson(page) as { id: number }[]).map((pet) => pet.id);
    store.insertMany([
      { name: 'A', categoryId: 1n, status: 'sold' },
      { name: 'B', categoryId: 1n, status: 'available' },
    ]);
    expect(ids(store.listJson({ limit: 2 }))).toEqual([1, 2]);
    expect(ids(store.listJson({ limit: 2, status: 'sold' }))).toEqual([1]);

    store.create({ name: 'C', categoryId: 1n, status: 'sold' });
    expect(ids(store.listJson({ limit: 2 }))).toEqual([1, 2]);
    expect(ids(store.listJson({ limit: 3 }))).toEqual([1, 2, 3]);
    expect(ids(store.listJson({ limit: 2, status: 'sold' }))).toEqual([1, 3]);
    expect(ids(store.listJson({ limit: 2, status: 'pending' }))).toEqual([]);
    store.close();
  });

  it('binds the status it is asked for, so one written as SQL matches nothing and changes nothing', () => {
    const store = openPetStore(':memory:');
    store.create({ name: 'Kept', categoryId: 1n, status: 'available' });
    const injected = "sold' OR '1'='1" as 'sold';
    expect(store.listJson({ limit: 20, status: injected })).toBe('[]');
    expect(store.count()).toBe(1);
    store.close();
  });
});

describe('opening a database file', () => {
  it('refuses a file whose pets table another version made, rather than fail on every request', () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-store-'));
    const path = join(dir, 'old.db');
    const old = new Database(path);
    old.exec('CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT, category_id INTEGER, status TEXT)');
    old.close();
    expect(() => openPetStore(path)).toThrow(/another version of the Petstore service/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a file another service has open, and takes it once that one stops', () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-store-'));
    const path = join(dir, 'shared.db');
    const first = openPetStore(path);
    first.create({ name: 'Kept', categoryId: 1n, status: 'available' });
    expect(() => openPetStore(path)).toThrow(/in use by another program/);
    // Nothing else reads or writes it meanwhile, not even plain SQLite.
    const other = new Database(path, { timeout: 0 });
    expect(() => other.prepare('SELECT count(*) FROM pets').get()).toThrow(/locked/);
    other.close();
    first.close();
    const second = openPetStore(path);
    expect(second.count()).toBe(1);
    second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens a file of the previous version (no idempotency keys yet), its animals kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-store-'));
    const path = join(dir, 'v1.db');
    const old = new Database(path);
    old.exec(`CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category_id INTEGER NOT NULL,
      status TEXT NOT NULL, wire_json TEXT GENERATED ALWAYS AS
      (json_object('id', id, 'name', name, 'categoryId', category_id, 'status', status)) STORED) STRICT;
      INSERT INTO pets (name, category_id, status) VALUES ('Old', 1, 'sold'); PRAGMA user_version = 1;`);
    old.close();
    const store = openPetStore(path);
    const request = { scope: 's', key: 'k', fingerprint: 'f', now: 0 };
    expect(store.keyed.create({ name: 'New', categoryId: 1n, status: 'available' }, request).kind).toBe('created');
    expect(store.count()).toBe(2);
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens its own file again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-store-'));
    const path = join(dir, 'own.db');
    openPetStore(path).close();
    const reopened = openPetStore(path);
    expect(reopened.count()).toBe(0);
    reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('a long day of adds', () => {
  it('keeps the write-ahead log bounded, so listing does not slow down as the day goes on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-store-'));
    const path = join(dir, 'busy.db');
    const store = openPetStore(path);
    // SQLite checkpoints after about 1000 pages of log (4 KiB each); each add writes a few.
    for (let i = 0; i < 3000; i++) store.create({ name: `Pet ${i}`, categoryId: 1n, status: 'available' });
    expect(statSync(`${path}-wal`).size).toBeLessThan(2000 * 4096);
    expect(store.count()).toBe(3000);
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
