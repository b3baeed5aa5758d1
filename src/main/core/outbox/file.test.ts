import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { AppNotice } from '../../../shared';
import { writeAtomically } from '../document-writer';
import { PetstoreClient } from '../petstore-client';
import { REDACTED } from '../redaction';
import { capturingLogger, memorySecrets, sendJson } from '../test-support';
import { startFaultProxy } from '../test-support/fault-proxy';
import {
  KEY,
  SHOP,
  cleanups,
  faults,
  folder,
  names,
  openCore,
  outboxOf,
  service,
  storedItems,
} from '../test-support/harness';

const FIXTURES = join(import.meta.dirname, '../test-support/fixtures/outbox');
const file = (dataDir: string) => join(dataDir, 'outbox.jsonl');
const fixtureLines = (name: string) => readFileSync(join(FIXTURES, name), 'utf8').split('\n');

async function noticesOf(harness: Awaited<ReturnType<typeof openCore>>): Promise<AppNotice[]> {
  return (await harness.invoke('getStatus', {})).notices;
}

describe('an outbox file with records that cannot be read', () => {
  it('keeps each bad record aside byte for byte, names the animal where it can, and sends the others', async () => {
    const running = await service();
    const dataDir = folder();
    copyFileSync(join(FIXTURES, 'one-bad-record.jsonl'), file(dataDir));
    const harness = await openCore(dataDir, running.url);

    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Bella:sent', 'Luna:sent']), {
      timeout: 5000,
    });
    const [, , rex, milo, junk] = fixtureLines('one-bad-record.jsonl');
    expect(readFileSync(join(dataDir, 'outbox.unreadable.jsonl'), 'utf8')).toBe(`${rex}\n${milo}\n${junk}\n`);
    const notices = (await noticesOf(harness)).filter((notice) => notice.reason === 'outbox_record_unreadable');
    expect(notices.map((notice) => notice.params)).toEqual([
      { named: 'yes', name: 'Rex', backup: 'outbox.unreadable.jsonl' },
      { named: 'yes', name: 'Milo', backup: 'outbox.unreadable.jsonl' },
      { named: 'no', name: '', backup: 'outbox.unreadable.jsonl' },
    ]);
    await harness.core.close();

    // The bad records are kept aside, not read again: the next start is quiet.
    const again = await openCore(dataDir, running.url);
    expect(await noticesOf(again)).toEqual([]);
  });

  it('a damaged first line loses nothing but what the app learnt of the service', async () => {
    const running = await service();
    const dataDir = folder();
    copyFileSync(join(FIXTURES, 'damaged-header.jsonl'), file(dataDir));
    const harness = await openCore(dataDir, running.url);
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Coco:sent']), { timeout: 5000 });
    expect(readFileSync(join(dataDir, 'outbox.unreadable.jsonl'), 'utf8')).toBe(
      `${fixtureLines('damaged-header.jsonl')[0] ?? ''}\n`,
    );
  });
});

describe('an outbox file saved by an editor on Windows (a byte-order mark, CRLF line ends)', () => {
  it('loads whole: its animal is sent, nothing is set aside, and what the app learnt of keys is kept', async () => {
    const running = await service();
    const dataDir = folder();
    copyFileSync(join(FIXTURES, 'bom-crlf.jsonl'), file(dataDir));
    const harness = await openCore(dataDir, running.url);
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Pepper:sent']), { timeout: 5000 });
    expect(await noticesOf(harness)).toEqual([]);
    const [header = ''] = readFileSync(file(dataDir), 'utf8').split('\n');
    expect(JSON.parse(header)).toMatchObject({
      services: { 'demo http://shop.example/v1': { honours: true, keyLifetimeMs: 3_600_000 } },
    });
  });

  it('put back together from two files saved in Notepad (a byte-order mark at the second one’s first line): both animals are sent, nothing set aside', async () => {
    const running = await service();
    const dataDir = folder();
    const [, bella = ''] = fixtureLines('one-bad-record.jsonl');
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const saved = readFileSync(join(FIXTURES, 'bom-crlf.jsonl'));
    writeFileSync(file(dataDir), Buffer.concat([saved, bom, Buffer.from(`${bella}\r\n`)]));
    const harness = await openCore(dataDir, running.url);
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Pepper:sent', 'Bella:sent']), {
      timeout: 5000,
    });
    expect(await noticesOf(harness)).toEqual([]);
    expect(existsSync(join(dataDir, 'outbox.unreadable.jsonl'))).toBe(false);
  });
});

describe('an outbox file with an animal waiting for the clerk’s check', () => {
  it('looks up its matching rows at the next start', async () => {
    const running = await service({ initialPets: [{ name: 'Waiting', categoryId: '1', status: 'available' }] });
    const dataDir = folder();
    const waiting = {
      id: randomUUID(),
      key: randomUUID(),
      environmentId: 'demo',
      pet: { name: 'Waiting', categoryId: '1' },
      state: 'needs_check',
      createdAt: Date.now(),
      attempts: 1,
      ownFailures: 0,
      reached: true,
    };
    const header = { version: 1, app: '0.1.0-test', services: {} };
    writeFileSync(file(dataDir), `${JSON.stringify(header)}\n${JSON.stringify(waiting)}\n`);
    const harness = await openCore(dataDir, running.url);
    await vi.waitFor(
      async () => expect((await outboxOf(harness))[0]?.matches?.pets.map((pet) => pet.name)).toEqual(['Waiting']),
      { timeout: 5000 },
    );
  });

  it('looks them up afresh at a start whose first write fails for a moment: the check is not blind all day', async () => {
    const running = await service({ initialPets: SHOP });
    // A shop that ignores keys: a lost answer goes to the clerk's check.
    const proxy = await startFaultProxy(running.url, { ignoreKeys: true });
    cleanups.push(() => proxy.close());
    const dataDir = folder();
    const evening = await openCore(dataDir, proxy.url);
    await proxy.next('dropped');
    await evening.invoke('createPet', { pet: { name: 'Lunch', categoryId: '2' } });
    await vi.waitFor(async () => expect((await outboxOf(evening))[0]?.matches).toBeDefined(), { timeout: 8000 });
    await evening.core.close();
    // Overnight another counter adds a Lunch of its own: today's check shows two rows, yesterday's showed one.
    const otherCounter = new PetstoreClient({ fetch, baseUrl: running.url, apiKey: KEY, appVersion: 'other' });
    await otherCounter.createPet({ name: 'Lunch', categoryId: '2' });

    // The first write fails (a network home folder not mounted yet, a virus scanner holding the file), then all go.
    let failures = 1;
    const writeOutbox = (path: string, text: string) =>
      failures-- > 0 ? Promise.reject(new Error('EBUSY: resource busy or locked')) : writeAtomically(path, text);
    const morning = await openCore(dataDir, proxy.url, { writeOutbox });
    const lunch = async () => (await outboxOf(morning)).find((one) => one.pet.name === 'Lunch');
    // Not yesterday's rows dropped at the start's write and today's never looked up: "not looked up" all day, and
    // "Send again" and "It was created" refused.
    await vi.waitFor(async () => expect((await lunch())?.matches?.pets).toHaveLength(2), { timeout: 10_000 });
  });
});

describe('an outbox file written by a newer version', () => {
  it('is left exactly as it is: the app says which version wrote it and adds nothing to it', async () => {
    const running = await service();
    const dataDir = folder();
    copyFileSync(join(FIXTURES, 'newer-version.jsonl'), file(dataDir));
    const harness = await openCore(dataDir, running.url);

    expect(await noticesOf(harness)).toContainEqual({
      id: 'outbox-newer-version',
      level: 'error',
      reason: 'outbox_newer_version',
      params: { version: '3.0.0' },
    });
    const refused = await harness.core.invoke('createPet', { pet: { name: 'Rex', categoryId: '1' } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'storage', reason: 'outbox_read_only' } });
    await harness.core.close();
    expect(readFileSync(file(dataDir), 'utf8')).toBe(readFileSync(join(FIXTURES, 'newer-version.jsonl'), 'utf8'));
    expect(running.countByIdempotencyKey('anything')).toBe(0);
  });
});

describe('a record its own reader would set aside', () => {
  it('a counter whose clock reads 31 December 1969 (a flat battery): the add is refused as not saved, never kept to vanish at the next start', async () => {
    const running = await service();
    const dataDir = folder();
    const logger = capturingLogger();
    const before1970 = () => Date.parse('1969-12-31T23:00:00Z');
    const first = await openCore(dataDir, running.url, { now: before1970, logger });
    first.core.setPlatformOnline(false);
    const refused = await first.core.invoke('createPet', { pet: { name: 'Pip', categoryId: '1' } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'storage', reason: 'outbox_save_failed' } });
    expect(await outboxOf(first)).toEqual([]);
    // The log says which field the reader would refuse.
    expect(logger.lines.filter((line) => line.includes('not written')).join('\n')).toContain('createdAt');
    await first.core.close();

    const again = await openCore(dataDir, running.url);
    expect({ outbox: await outboxOf(again), notices: await noticesOf(again) }).toEqual({ outbox: [], notices: [] });
  });
});

describe('keys in the outbox file', () => {
  it('a service that echoes the API key in its refusal never gets it onto the disk or to the renderer', async () => {
    const echo = await faults((_path, response) => {
      sendJson(response, 400, JSON.stringify({ status: 400, code: 'bad_request', message: `bad key ${KEY} here` }));
    });
    const dataDir = folder();
    const { core, invoke } = await openCore(dataDir, echo.url);
    core.setPlatformOnline(false);
    await invoke('createPet', { pet: { name: 'Echo', categoryId: '1' } });
    core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(names(await outboxOf({ invoke }))).toEqual(['Echo:needs_attention']), {
      timeout: 5000,
    });
    const [item] = await outboxOf({ invoke });
    expect(item?.check).toBe('rejected');
    // The service's own words arrive as its words, with the key taken out.
    expect(item?.lastError).toEqual({
      kind: 'invalid_input',
      reason: 'values_refused',
      status: 400,
      params: { serviceSaid: `bad key ${REDACTED} here` },
    });
    await core.close();
    expect(readFileSync(file(dataDir), 'utf8')).not.toContain(KEY);
  });

  it('a key a service echoed into a stored error is redacted when the file is read', async () => {
    const running = await service();
    const dataDir = folder();
    const rejected = {
      id: randomUUID(),
      key: randomUUID(),
      environmentId: 'demo',
      pet: { name: 'Echoed', categoryId: '1' },
      state: 'rejected',
      createdAt: Date.now(),
      attempts: 1,
      ownFailures: 0,
      reached: true,
      lastError: { kind: 'not_found', reason: 'not_on_service', status: 404, params: { serviceSaid: `no ${KEY}` } },
    };
    const header = { version: 1, app: '0.1.0-test', services: {} };
    writeFileSync(file(dataDir), `${JSON.stringify(header)}\n${JSON.stringify(rejected)}\n`);
    const secrets = memorySecrets();
    await secrets.setPassword('Petstore Counter', 'demo', KEY);
    const { invoke } = await openCore(dataDir, running.url, { secrets });
    const [item] = await outboxOf({ invoke });
    expect(item?.lastError?.params).toEqual({ serviceSaid: `no ${REDACTED}` });
    await vi.waitFor(() =>
      expect(storedItems(dataDir)[0]?.lastError?.params).toEqual({ serviceSaid: `no ${REDACTED}` }),
    );
  });
});
