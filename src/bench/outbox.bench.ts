import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '../main/core/outbox';
import { OutboxStore } from '../main/core/outbox-store';
import { PetstoreClient } from '../main/core/petstore-client';
import { startServer } from '../server';
import { APP_VERSION } from './core-request';
import { median, type BenchLine } from './report';

const ENQUEUES = 200;
const DRAINED = 1_000;
const ENQUEUE_TARGET_MS = 20;
const DRAIN_TARGET = 1.3;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The outbox on a real disk against the reference service (its database on
 * disk too): a durable enqueue (on disk, fsynced, when it resolves), and
 * draining 1,000 queued adds against 1,000 sequential plain POSTs.
 */
export async function benchOutbox(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-outbox-bench-'));
  const apiKey = 'outbox-bench-key';
  const service = await startServer({ dbPath: join(dir, 'bench.db'), apiKeys: [apiKey] });
  const client = new PetstoreClient({ fetch, baseUrl: service.url, apiKey, appVersion: APP_VERSION });
  let online = false;
  const outbox = new Outbox({
    store: new OutboxStore({ filePath: join(dir, 'outbox.json'), now: Date.now, notify() {}, secrets: () => [apiKey] }),
    now: Date.now,
    logger: quiet,
    notify() {},
    onChange() {},
    send: (item, onAnswer) => client.createPet(item.pet, { idempotencyKey: item.key, onAnswer }),
    address: () => service.url,
    canSend: () => online,
    findMatches: () => Promise.resolve([]),
  });
  try {
    // Learns that this service honours keys, as the app does on its first add.
    online = true;
    await outbox.add('demo', { name: 'First', categoryId: '1' });
    online = false;

    const enqueueTimes: number[] = [];
    for (let index = 0; index < ENQUEUES; index += 1) {
      const started = performance.now();
      await outbox.enqueue('demo', { name: `Queued ${index}`, categoryId: '2' });
      enqueueTimes.push(performance.now() - started);
    }
    for (let index = ENQUEUES; index < DRAINED; index += 1) {
      await outbox.enqueue('demo', { name: `Queued ${index}`, categoryId: '2' });
    }

    const plainStarted = performance.now();
    for (let index = 0; index < DRAINED; index += 1) {
      const response = await fetch(`${service.url}/pets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Plain ${index}`, categoryId: 3 }),
      });
      await response.text();
    }
    const plainMs = performance.now() - plainStarted;

    const drainStarted = performance.now();
    online = true;
    outbox.resume();
    while (outbox.waiting + outbox.sending > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const drainMs = performance.now() - drainStarted;

    const enqueueMedian = median(enqueueTimes);
    return [
      {
        name: 'outbox: durable enqueue (median)',
        value: enqueueMedian,
        unit: 'ms',
        target: `≤ ${ENQUEUE_TARGET_MS} ms`,
        pass: enqueueMedian <= ENQUEUE_TARGET_MS,
      },
      {
        name: `outbox: drain ${DRAINED} queued adds`,
        value: drainMs,
        unit: 'ms',
        baseline: plainMs,
        ratio: drainMs / plainMs,
        target: `≤ ${DRAIN_TARGET}× ${DRAINED} sequential plain POSTs`,
        pass: drainMs / plainMs <= DRAIN_TARGET,
      },
    ];
  } finally {
    await outbox.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
