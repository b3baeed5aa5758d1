import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCore, type Core } from '../main/core';
import { APP_VERSION, benchSecrets } from './core-request';
import { median, type BenchLine } from './report';

const ENQUEUES = 200;
const DRAINED = 1_000;
const WARM_UP_POSTS = 200;
const ENQUEUE_TARGET_MS = 20;
const DRAIN_TARGET = 1.3;
const API_KEY = 'outbox-bench-key';
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** This file in a child process, in one of the modes at its end. */
const forkSelf = (mode: string, ...args: string[]) =>
  fork(fileURLToPath(import.meta.url), [mode, ...args], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

/**
 * The reference service, its database at `dbPath`, in its own process, as a shop's service runs apart from the
 * counter: the outbox and the plain POSTs share neither their loop nor their heap with it.
 */
async function serviceProcess(dbPath: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = forkSelf('--serve', dbPath);
  const exited = once(child, 'exit');
  const [url] = (await Promise.race([once(child, 'message'), exited])) as [string | number | null];
  if (typeof url !== 'string') throw new Error("the outbox bench's service process failed");
  return {
    url,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function add(core: Core, name: string): Promise<void> {
  const result = await core.invoke('createPet', { pet: { name, categoryId: '2' } });
  if (!result.ok) throw new Error(`add refused: ${result.error.reason}`);
}

/**
 * The outbox through the core on a real disk against the reference service
 * (its database on disk too, in another process): an add while offline (on disk,
 * fsynced, when it resolves), and draining 1,000 queued adds against 1,000
 * sequential plain POSTs to the same service; the same POSTs with a key each
 * show how much of the drain is the service's key work.
 */
async function measureOutbox(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-outbox-bench-'));
  const service = await serviceProcess(join(dir, 'bench.db'));
  const core = await createCore({
    dataDir: join(dir, 'data'),
    fetch,
    secrets: benchSecrets(),
    logger: quiet,
    appVersion: APP_VERSION,
  });
  try {
    await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: service.url });
    await core.invoke('setApiKey', { environmentId: 'demo', apiKey: API_KEY });
    // Learns that this service honours keys, as the app does on its first add.
    await add(core, 'First');
    core.setPlatformOnline(false);

    const enqueueTimes: number[] = [];
    for (let index = 0; index < ENQUEUES; index += 1) {
      const started = performance.now();
      await add(core, `Queued ${String(index)}`);
      enqueueTimes.push(performance.now() - started);
    }
    for (let index = ENQUEUES; index < DRAINED; index += 1) await add(core, `Queued ${String(index)}`);

    const plainPosts = async (keyed: boolean, count = DRAINED): Promise<number> => {
      const started = performance.now();
      for (let index = 0; index < count; index += 1) {
        const response = await fetch(`${service.url}/pets`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${API_KEY}`,
            'Content-Type': 'application/json',
            ...(keyed && { 'Idempotency-Key': randomUUID() }),
          },
          body: JSON.stringify({ name: `Plain ${String(index)}`, categoryId: 3 }),
        });
        await response.text();
      }
      return performance.now() - started;
    };
    // Unmeasured, so the baseline is not the one to warm the service and `fetch` up (it read slower than the keyed
    // POSTs after it, which do more).
    await plainPosts(false, WARM_UP_POSTS);
    const plainMs = await plainPosts(false);
    const keyedMs = await plainPosts(true);

    const drainStarted = performance.now();
    core.setPlatformOnline(true);
    while (core.unsentAnimals() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const drainMs = performance.now() - drainStarted;

    const enqueueMedian = median(enqueueTimes);
    return [
      {
        name: 'outbox: durable enqueue (median)',
        value: enqueueMedian,
        unit: 'ms',
        target: `≤ ${String(ENQUEUE_TARGET_MS)} ms`,
        pass: enqueueMedian <= ENQUEUE_TARGET_MS,
      },
      {
        name: `outbox: drain ${String(DRAINED)} queued adds`,
        value: drainMs,
        unit: 'ms',
        baseline: plainMs,
        ratio: drainMs / plainMs,
        target: `≤ ${String(DRAIN_TARGET)}× ${String(DRAINED)} sequential plain POSTs`,
        pass: drainMs / plainMs <= DRAIN_TARGET,
      },
      {
        name: `outbox: the same drain against ${String(DRAINED)} plain POSTs each with an Idempotency-Key`,
        value: drainMs,
        unit: 'ms',
        baseline: keyedMs,
        ratio: drainMs / keyedMs,
        note: 'no target: the service keeps each key as the app needs it to; this leaves the outbox its own cost',
      },
    ];
  } finally {
    await core.close();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Measured in a fresh process holding only the core, as the app's main process does, not in the bench runner's,
 * whose earlier suites' heaps the drain's collections would otherwise work through.
 */
export async function benchOutbox(): Promise<BenchLine[]> {
  const child = forkSelf('--measure');
  const exited = once(child, 'exit');
  const [lines] = (await Promise.race([once(child, 'message'), exited])) as [BenchLine[] | number | null];
  await exited;
  if (!Array.isArray(lines)) throw new Error("the outbox bench's measuring process failed");
  return lines;
}

const [mode, dbPath] =
  process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href ? process.argv.slice(2) : [];
if (mode === '--serve' && dbPath) {
  // Imported here, where the service runs, not where the core is measured.
  const { startServer } = await import('../server');
  const running = await startServer({ dbPath, apiKeys: [API_KEY] });
  // Gone with the bench, whichever way it ends.
  process.on('disconnect', () => process.exit(0));
  process.send?.(running.url);
}
if (mode === '--measure') {
  const lines = await measureOutbox();
  // Idle keep-alive sockets must not hold the process open.
  process.send?.(lines, () => process.exit(0));
}
