import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { KEY, faults, folder, names, openCore, outboxOf, service } from './core-harness';
import { OutboxDocument } from './outbox-record';
import { memorySecrets, sendJson } from './test-support';

const file = (dataDir: string) => join(dataDir, 'outbox.json');

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
    expect(item).toMatchObject({ check: 'rejected', lastError: { message: 'bad key [redacted] here' } });
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
    expect(item?.lastError?.message).toBe('refused [redacted]');
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
