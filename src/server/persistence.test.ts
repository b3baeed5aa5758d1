import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PET_STATUSES, WirePet, WirePets } from '../shared';
import { startServer } from './index';
import { keyFileFor } from './keys';
import { clientFor } from './test-support';

let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-db-'));
  dbPath = join(dir, 'petstore.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a database file', () => {
  it('keeps every animal, exactly, across a restart', async () => {
    const first = await startServer({
      dbPath,
      apiKeys: ['k'],
      initialPets: [{ id: '9007199254740993', name: 'Big', categoryId: '9223372036854775807', status: 'sold' }],
    });
    const created = WirePet.parse(
      (await clientFor(first)('POST', '/pets', { body: '{"name":"Zoë","categoryId":9007199254740995}' })).body,
    );
    const before = await clientFor(first)('GET', '/pets');
    await first.close();

    const second = await startServer({ dbPath, apiKeys: ['k'] });
    const after = await clientFor(second)('GET', '/pets');
    expect(after.text).toBe(before.text);
    expect(WirePets.parse(after.body)).toEqual([
      { id: '9007199254740993', name: 'Big', categoryId: '9223372036854775807', status: 'sold' },
      created,
    ]);
    await second.close();
  });

  it('makes one API key when none is given, keeps it beside the database (owner-only) and reuses it', async () => {
    const first = await startServer({ dbPath });
    const [key] = first.apiKeys;
    expect(key).toMatch(/^psk_/);
    await first.close();
    expect(statSync(keyFileFor(dbPath)).mode & 0o777).toBe(0o600);

    const second = await startServer({ dbPath });
    expect(second.apiKeys).toEqual([key]);
    expect((await clientFor(second)('GET', '/pets')).status).toBe(200);
    await second.close();
  });

  it('seeds the demo animals once, not again on restart', async () => {
    const first = await startServer({ dbPath, apiKeys: ['k'], seed: 'demo' });
    const seeded = WirePets.parse((await clientFor(first)('GET', '/pets?limit=100')).body);
    await first.close();

    expect(seeded.length).toBeGreaterThanOrEqual(35);
    expect(seeded.length).toBeLessThanOrEqual(45);
    for (const status of PET_STATUSES) expect(seeded.some((pet) => pet.status === status)).toBe(true);
    expect(new Set(seeded.map((pet) => pet.categoryId)).size).toBeGreaterThanOrEqual(4);
    expect(seeded.some((pet) => /[^ -~]/.test(pet.name))).toBe(true);
    expect(seeded.some((pet) => pet.name.length > 60)).toBe(true);

    const second = await startServer({ dbPath, apiKeys: ['k'], seed: 'demo' });
    expect(WirePets.parse((await clientFor(second)('GET', '/pets?limit=100')).body)).toEqual(seeded);
    await second.close();
  });

  it('serves again on the same port after a restart, as a client reconnecting would expect', async () => {
    const first = await startServer({ dbPath, apiKeys: ['k'] });
    const port = Number(new URL(first.url).port);
    await first.close();
    const second = await startServer({ dbPath, apiKeys: ['k'], port });
    expect(second.url).toBe(first.url);
    await second.close();
  });
});

describe('idempotency keys in a database file', () => {
  it('replay after a restart: the key was kept with its animal', async () => {
    const add = (server: { url: string; apiKeys: string[] }) =>
      clientFor(server)('POST', '/pets', {
        body: '{"name":"Kept once","categoryId":1}',
        headers: { 'idempotency-key': 'restart-key' },
      });
    const first = await startServer({ dbPath, apiKeys: ['k'] });
    const created = await add(first);
    await first.close();

    const second = await startServer({ dbPath, apiKeys: ['k'] });
    const again = await add(second);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(created.text);
    expect(second.countByIdempotencyKey('restart-key')).toBe(1);
    await second.close();
  });
});

describe('pets added by a test with chosen ids', () => {
  it('are served exactly, and new ids follow them', async () => {
    const server = await startServer();
    const inserted = server.insertPets([{ id: '9223372036854775000', name: 'Near the top', categoryId: '-1' }]);
    expect(inserted).toEqual([
      { id: '9223372036854775000', name: 'Near the top', categoryId: '-1', status: 'available' },
    ]);
    const created = await clientFor(server)('POST', '/pets', { body: '{"name":"Next","categoryId":1}' });
    expect(WirePet.parse(created.body).id).toBe('9223372036854775001');
    await server.close();
  });

  it('are refused when malformed, before the service starts', async () => {
    await expect(startServer({ initialPets: [{ id: '1.5', name: 'Bad', categoryId: '1' }] })).rejects.toThrow();
  });
});
