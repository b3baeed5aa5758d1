import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { sendJson } from '../test-support';
import { writeAtomically } from '../document-writer';
import { startFaultProxy } from '../test-support/fault-proxy';
import {
  allPets,
  cleanups,
  faults,
  folder,
  names,
  openCore,
  outboxOf,
  service,
  storedItems,
} from '../test-support/harness';

const ENOSPC = () => Promise.reject(new Error('ENOSPC: no space left on device'));

describe('a disk that fails to save the outbox', () => {
  it('an add it could not save is refused, forgotten in memory as on disk, and never sent later', async () => {
    const running = await service();
    const dataDir = folder();
    let full = false;
    const harness = await openCore(dataDir, running.url, {
      writeOutbox: (path, text) => (full ? ENOSPC() : writeAtomically(path, text)),
    });
    harness.core.setPlatformOnline(false);
    full = true;
    const refused = await harness.core.invoke('createPet', { pet: { name: 'Unsaved', categoryId: '1' } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'storage', reason: 'outbox_save_failed' } });
    expect(await outboxOf(harness)).toEqual([]);

    full = false;
    await harness.invoke('createPet', { pet: { name: 'Saved', categoryId: '1' } });
    harness.core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Saved:sent']), { timeout: 5000 });
    expect(storedItems(dataDir).map((item) => item.pet.name)).toEqual(['Saved']);
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Saved']);
  });

  it('right after the service created the animal: never sent again, and written as sent once the disk is back', async () => {
    const running = await service();
    const proxy = await startFaultProxy(running.url, { ignoreKeys: true });
    cleanups.push(() => proxy.close());
    // The first write that records each animal as sent fails, as a full disk would.
    const failedFor = new Set<string>();
    const harness = await openCore(folder(), proxy.url, {
      writeOutbox: (path, text) => {
        const sent = text
          .split('\n')
          .filter((line) => line.includes('"state":"sent"'))
          .map((line) => /"name":"(\w+)"/.exec(line)?.[1] ?? '');
        const fresh = sent.filter((name) => !failedFor.has(name));
        fresh.forEach((name) => failedFor.add(name));
        return fresh.length > 0 ? ENOSPC() : writeAtomically(path, text);
      },
    });
    expect(await harness.invoke('createPet', { pet: { name: 'Nemo', categoryId: '5' } })).toMatchObject({
      outcome: 'created',
    });
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Dory', categoryId: '5' } });
    harness.core.setPlatformOnline(true);
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Nemo:sent', 'Dory:sent']), {
      timeout: 5000,
    });
    await sleep(2000);
    expect(proxy.posts.filter((name) => name === 'Nemo')).toHaveLength(1);
    expect(proxy.posts.filter((name) => name === 'Dory')).toHaveLength(1);
    expect(failedFor).toEqual(new Set(['Nemo', 'Dory']));
    expect((await harness.invoke('getStatus', {})).notices.map((notice) => notice.id)).toContain('write-failed-outbox');
  });
});

describe('a disk that stays full', () => {
  it('tells the clerk once, not at each try to write the outbox again', async () => {
    const running = await service();
    let full = false;
    let tries = 0;
    const harness = await openCore(folder(), running.url, {
      writeOutbox: (path, text) => {
        if (!full) return writeAtomically(path, text);
        tries += 1;
        return ENOSPC();
      },
    });
    const told: string[] = [];
    harness.core.on('onNotice', (notice) => told.push(notice.id));
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Tom', categoryId: '1' } });
    full = true;
    // Back online, the outbox marks Tom due at once, a write of its own that it tries again every second.
    harness.core.setPlatformOnline(true);
    await vi.waitFor(() => expect(tries).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(told.filter((id) => id === 'write-failed-outbox')).toHaveLength(1);
  });
});

describe('a clerk changing an animal just as it goes out', () => {
  it('is told it is being sent, never that an edit was saved that the animal sent does not have', async () => {
    const running = await service();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    let sendingWritten = false;
    const harness = await openCore(folder(), running.url, {
      // Once held, the next write (the batch's marks) waits until the edit has been asked for.
      writeOutbox: async (path, text) => {
        if (holding && text.includes('"state":"sending"')) {
          sendingWritten = true;
          await held;
        }
        return writeAtomically(path, text);
      },
    });
    harness.core.setPlatformOnline(false);
    await harness.invoke('createPet', { pet: { name: 'Cid', categoryId: '4' } });
    const [cid] = await outboxOf(harness);
    holding = true;
    harness.core.setPlatformOnline(true);
    await vi.waitFor(() => expect(sendingWritten).toBe(true));

    const edit = harness.core.invoke('editOutboxItem', {
      id: cid?.id ?? '',
      pet: { name: 'Cid the second', categoryId: '3', status: 'pending' },
    });
    release();
    expect(await edit).toMatchObject({ ok: false, error: { reason: 'outbox_item_busy' } });
    await vi.waitFor(async () => expect(names(await outboxOf(harness))).toEqual(['Cid:sent']), { timeout: 5000 });
    expect((await allPets(running.url)).map((pet) => pet.name)).toEqual(['Cid']);
  });
});

describe('closing the app', () => {
  it('waits for an add still on its way, and its outcome is on disk', async () => {
    let created = 0;
    const slow = await faults((_path, response) => {
      const { method } = slow.requests.at(-1) ?? {};
      if (method !== 'POST') {
        sendJson(response, 200, '[]');
        return;
      }
      created += 1;
      setTimeout(() => sendJson(response, 201, `{"id":${String(created)},"name":"Late","categoryId":1}`), 400);
    });
    const dataDir = folder();
    const harness = await openCore(dataDir, slow.url);
    const adding = harness.core.invoke('createPet', { pet: { name: 'Late', categoryId: '1' } });
    await vi.waitFor(() => expect(slow.requests.some((request) => request.method === 'POST')).toBe(true));
    await harness.core.close();
    // Read as soon as the app is closed: the answer and its record came first.
    expect(storedItems(dataDir).map((item) => `${item.pet.name}:${item.state}`)).toEqual(['Late:sent']);
    expect(await adding).toMatchObject({ ok: true, value: { outcome: 'created' } });
  });
});
