import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { KEY, faults, folder, names, openCore, outboxOf, service } from './core-harness';
import type { AppNotice } from '../../shared';
import { OutboxDocument, type RecordState } from './outbox-record';
import { OutboxStore } from './outbox-store';
import { REDACTED } from './redaction';
import { memorySecrets, sendJson } from './test-support';

const file = (dataDir: string) => join(dataDir, 'outbox.json');

/** An animal as a version-2 file holds it, with whatever error it was written with. */
const record = (name: string, state: RecordState, lastError: Record<string, unknown>) => ({
  id: randomUUID(),
  key: randomUUID(),
  environmentId: 'demo',
  pet: { name, categoryId: '1' },
  state,
  createdAt: Date.now() - 60_000,
  attempts: 1,
  reached: state !== 'queued',
  lastError,
});

describe('the outbox file', () => {
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

  it('a key written into an old file is redacted when it is read', async () => {
    const running = await service();
    const dataDir = folder();
    const legacy = {
      id: randomUUID(),
      environmentId: 'demo',
      pet: { name: 'Old', categoryId: '1' },
      state: 'needs_attention',
      createdAt: Date.now(),
      attempts: 1,
      lastError: { kind: 'invalid_input', message: `refused ${KEY}`, status: 400 },
    };
    writeFileSync(file(dataDir), JSON.stringify({ version: 1, items: [legacy] }));
    // The key is in the keychain before the app starts, as on a real restart.
    const secrets = memorySecrets();
    await secrets.setPassword('Petstore Counter', 'demo', KEY);
    const { invoke } = await openCore(dataDir, running.url, { secrets });
    const [item] = await outboxOf({ invoke });
    // The old English text is not kept (the renderer words the reason), so the key in it goes too.
    expect(item?.lastError).toEqual({ kind: 'invalid_input', reason: 'values_refused', status: 400 });
    expect(JSON.stringify(item)).not.toContain(KEY);
  });

  it('a key a service echoed into a stored error is redacted when the file is read', async () => {
    const running = await service();
    const dataDir = folder();
    const rejected = record('Echoed', 'rejected', {
      kind: 'not_found',
      reason: 'not_on_service',
      status: 404,
      params: { serviceSaid: `no pet for key ${KEY}` },
    });
    writeFileSync(file(dataDir), JSON.stringify({ version: 2, items: [rejected], honours: {} }));
    const secrets = memorySecrets();
    await secrets.setPassword('Petstore Counter', 'demo', KEY);
    const { invoke } = await openCore(dataDir, running.url, { secrets });
    const [item] = await outboxOf({ invoke });
    expect(item?.lastError).toEqual({
      kind: 'not_found',
      reason: 'not_on_service',
      status: 404,
      params: { serviceSaid: `no pet for key ${REDACTED}` },
    });
  });

  it('a version-2 file from the previous release, whose errors carry English text, is read: no animal is lost', () => {
    const dataDir = folder();
    const previous = {
      version: 2,
      items: [
        record('Busy', 'queued', {
          kind: 'rate_limited',
          message: 'The service is busy with too many requests. Try again in 30 seconds.',
          status: 429,
          retryAfterSeconds: 30,
        }),
        record('Lost', 'queued', {
          kind: 'unreachable',
          message: 'The service address could not be found. Check the network connection and the address in Settings.',
          addressNotFound: true,
        }),
        record('Refused', 'rejected', {
          kind: 'invalid_input',
          message: `refused ${KEY}`,
          status: 400,
          fields: { name: 'Name too long' },
        }),
        // Older formats' server errors may carry no status to word "HTTP {status}" with.
        record('Broken', 'queued', { kind: 'server_error', message: 'The service had a problem.' }),
      ],
      honours: {},
    };
    writeFileSync(file(dataDir), JSON.stringify(previous));
    const notices: AppNotice[] = [];
    const store = new OutboxStore({
      filePath: file(dataDir),
      now: Date.now,
      notify: (n) => notices.push(n),
      secrets: () => [KEY],
    });

    const document = store.load();
    // Not moved aside as unreadable: no "outbox_unreadable" notice, no backup beside it.
    expect(notices).toEqual([]);
    expect(readdirSync(dataDir)).toEqual(['outbox.json']);
    expect(document.items.map((item) => `${item.pet.name}:${item.state}`)).toEqual([
      'Busy:queued',
      'Lost:queued',
      'Refused:rejected',
      'Broken:queued',
    ]);
    expect(document.items.map((item) => item.key)).toEqual(previous.items.map((item) => item.key));
    expect(document.items.map((item) => item.lastError)).toEqual([
      { kind: 'rate_limited', reason: 'busy', status: 429, retryAfterSeconds: 30, params: { seconds: 30 } },
      { kind: 'unreachable', reason: 'address_not_found', addressNotFound: true },
      { kind: 'invalid_input', reason: 'values_refused', status: 400, fields: { name: 'invalid' } },
      { kind: 'server_error', reason: 'send_failed' },
    ]);
  });

  it('such a file’s queued animals are then sent, each once, and the app says nothing is wrong', async () => {
    const running = await service();
    const dataDir = folder();
    const queued = record('Waiting', 'queued', {
      kind: 'timeout',
      message:
        'The service did not answer in time. If you were adding an animal, check the list before adding it again.',
    });
    writeFileSync(file(dataDir), JSON.stringify({ version: 2, items: [queued], honours: {} }));
    const { core, invoke } = await openCore(dataDir, running.url);
    await vi.waitFor(async () => expect(names(await outboxOf({ invoke }))).toEqual(['Waiting:sent']), {
      timeout: 5000,
    });
    expect(running.countByIdempotencyKey(queued.key)).toBe(1);
    expect(await core.invoke('getStatus', {})).toMatchObject({ ok: true, value: { notices: [] } });
  });

  it('today’s version-1 file is migrated: queued animals keep waiting, now with a key, and are sent once', async () => {
    const running = await service();
    const dataDir = folder();
    const queued = {
      id: randomUUID(),
      environmentId: 'demo',
      pet: { name: 'Migrated', categoryId: '2' },
      state: 'queued',
      createdAt: Date.now(),
      attempts: 0,
    };
    writeFileSync(file(dataDir), JSON.stringify({ version: 1, items: [queued] }));
    const { invoke } = await openCore(dataDir, running.url);
    await vi.waitFor(async () => expect(names(await outboxOf({ invoke }))).toEqual(['Migrated:sent']), {
      timeout: 5000,
    });
    const stored = OutboxDocument.parse(JSON.parse(readFileSync(file(dataDir), 'utf8')));
    expect(stored.version).toBe(2);
    expect(running.countByIdempotencyKey(stored.items[0]?.key ?? '')).toBe(1);
  });
});
