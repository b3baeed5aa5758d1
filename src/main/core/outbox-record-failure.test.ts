import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { AppNotice } from '../../shared';
import { KEY, cleanups, folder, service } from './core-harness';
import { Outbox } from './outbox';
import { startFaultProxy } from './outbox-fault-proxy';
import { OutboxDocument } from './outbox-record';
import { OutboxStore } from './outbox-store';
import { PetstoreClient } from './petstore-client';
import { capturingLogger } from './test-support';

describe('the disk fails right after the service created the animal', () => {
  it('the animal is never sent again (a service that ignores keys would create it twice)', async () => {
    const running = await service();
    const proxy = await startFaultProxy(running.url, { ignoreKeys: true });
    cleanups.push(() => proxy.close());
    const notices: AppNotice[] = [];
    // The first write that records each send as done fails, as a full disk would.
    const failedFor = new Set<string>();
    const store = new OutboxStore({
      filePath: join(folder(), 'outbox.json'),
      now: Date.now,
      notify: (notice) => notices.push(notice),
      secrets: () => [KEY],
      write: async (path, text) => {
        const sent = OutboxDocument.parse(JSON.parse(text)).items.filter((item) => item.state === 'sent');
        const fresh = sent.filter((item) => !failedFor.has(item.id));
        fresh.forEach((item) => failedFor.add(item.id));
        if (fresh.length > 0) throw new Error('ENOSPC: no space left on device');
        await writeFile(path, text);
      },
    });
    const client = new PetstoreClient({ fetch, baseUrl: proxy.url, apiKey: KEY, appVersion: 'test' });
    const outbox = new Outbox({
      store,
      now: Date.now,
      logger: capturingLogger(),
      notify: (notice) => notices.push(notice),
      onChange: () => undefined,
      send: (item, onAnswer) => client.createPet(item.pet, { idempotencyKey: item.key, onAnswer }),
      address: () => proxy.url,
      canSend: () => true,
      findMatches: () => Promise.resolve([]),
    });
    cleanups.push(() => outbox.close());

    expect(await outbox.add('demo', { name: 'Nemo', categoryId: '5' })).toMatchObject({ outcome: 'created' });
    await vi.waitFor(() => expect(failedFor.size).toBe(1));
    await outbox.enqueue('demo', { name: 'Dory', categoryId: '5' });
    await vi.waitFor(() => expect(outbox.snapshot().items.map((item) => item.state)).toEqual(['sent', 'sent']), {
      timeout: 5000,
    });
    await sleep(2500);
    expect(proxy.posts.filter((name) => name === 'Nemo')).toHaveLength(1);
    expect(proxy.posts.filter((name) => name === 'Dory')).toHaveLength(1);
    expect(notices.map((notice) => notice.id)).toContain('write-failed-outbox');
  });
});
