import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Logger } from '../main/core';
import { benchSecrets } from './core-request';
import { startServer } from '../server';
import { APP_VERSION, coreHeaders } from './core-request';
import { median, type BenchLine } from './report';

const WARMUP = 100;
const ROUNDS = 600;
/** A regression alarm, not a tuning goal: the core's work on a list stays small beside the request. */
const OVERHEAD_TARGET = 1.5;
const CACHE_SPEEDUP_TARGET = 20;

const quietLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * listPets(limit=100) through the core's IPC handler (input schema, lossless
 * parsing, the shared Pet schema, cache update) against a plain fetch +
 * JSON.parse of the same request; then the cached answer against the network one.
 */
export async function benchCore(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-core-bench-'));
  const apiKey = 'core-bench-key';
  const service = await startServer({
    dbPath: join(dir, 'bench.db'),
    apiKeys: [apiKey],
    initialPets: Array.from({ length: 120 }, (_, index) => ({
      name: `Bench pet ${index}`,
      categoryId: String(index % 9),
      status: 'available' as const,
    })),
  });
  const core = await createCore({
    dataDir: join(dir, 'data'),
    fetch,
    // The keychain is read once at start and never on the list path; keytar would need a D-Bus session.
    secrets: benchSecrets(),
    logger: quietLogger,
    appVersion: APP_VERSION,
  });
  try {
    await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: service.url });
    await core.invoke('setApiKey', { environmentId: 'demo', apiKey });
    const input = { query: { limit: 100 } };
    const url = `${service.url}/pets?limit=100`;
    // The same request the core sends: the same URL and the same headers.
    const headers = coreHeaders(apiKey);

    const viaCore = async () => {
      const result = await core.invoke('listPets', input);
      if (!result.ok || result.value.pets.length !== 100) throw new Error('The core did not list 100 pets');
    };
    const plain = async () => {
      const response = await fetch(url, { headers });
      const pets: unknown = JSON.parse(await response.text());
      if (!Array.isArray(pets) || pets.length !== 100) throw new Error('The service did not list 100 pets');
    };
    const cached = async () => {
      const result = await core.invoke('getCachedPets', input);
      if (!result.ok || result.value?.pets.length !== 100) throw new Error('The cache did not hold 100 pets');
    };

    for (let round = 0; round < WARMUP; round += 1) {
      await viaCore();
      await plain();
      await cached();
    }
    const coreTimes: number[] = [];
    const plainTimes: number[] = [];
    const cachedTimes: number[] = [];
    // Interleaved, so the machine's drift falls on both sides alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      coreTimes.push(await timed(viaCore));
      plainTimes.push(await timed(plain));
      cachedTimes.push(await timed(cached));
    }
    const coreMedian = median(coreTimes);
    const plainMedian = median(plainTimes);
    const cachedMedian = median(cachedTimes);
    const overhead = coreMedian / plainMedian;
    const speedup = coreMedian / cachedMedian;
    return [
      { name: 'plain fetch + JSON.parse, GET /pets?limit=100 (median)', value: plainMedian, unit: 'ms' },
      {
        name: 'core listPets(limit=100) through the IPC handler (median)',
        value: coreMedian,
        unit: 'ms',
        baseline: plainMedian,
        ratio: overhead,
        target: `≤ ${String(OVERHEAD_TARGET)}× plain fetch + parse`,
        pass: overhead <= OVERHEAD_TARGET,
      },
      {
        name: 'core getCachedPets(limit=100), the cached answer (median)',
        value: cachedMedian,
        unit: 'ms',
        baseline: coreMedian,
        ratio: cachedMedian / coreMedian,
        target: `≥ ${String(CACHE_SPEEDUP_TARGET)}× faster than the network answer (measured ${speedup.toFixed(1)}×)`,
        pass: speedup >= CACHE_SPEEDUP_TARGET,
      },
    ];
  } finally {
    await core.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
