import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Logger } from '../main/core';
import { startServer } from '../server';
import { APP_VERSION, benchSecrets, plainWalk, refreshThroughCore } from './core-request';
import { median, type BenchLine } from './report';

const WARMUP = 50;
const ROUNDS = 300;
/** Three pages of 100: the sync follows the service's next links. */
const ANIMALS = 250;
/** A regression alarm, not a tuning goal: the core's work on the pages stays small beside the requests. */
const OVERHEAD_TARGET = 1.5;
const STORED_SPEEDUP_TARGET = 20;

const quietLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The core's fetch with If-None-Match taken out: every page comes in full, as from a service without ETags. */
const unconditionalFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete('if-none-match');
  return fetch(input, { ...init, headers });
};

/**
 * A catalogue sync through the core's IPC handler ("Refresh": every page asked in full, read losslessly,
 * checked with the shared Pet schema, compared with the copy held; the pages it holds asked a few ahead, as in
 * the app) against plain fetch + JSON.parse of the same pages, link by link; then the stored catalogue's
 * answer (`getCatalogue`) against asking the network.
 */
export async function benchCore(): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-core-bench-'));
  const apiKey = 'core-bench-key';
  const service = await startServer({
    dbPath: join(dir, 'bench.db'),
    apiKeys: [apiKey],
    initialPets: Array.from({ length: ANIMALS }, (_, index) => ({
      name: `Bench pet ${index}`,
      categoryId: String(index % 9),
      status: 'available' as const,
    })),
  });
  const core = await createCore({
    dataDir: join(dir, 'data'),
    fetch: unconditionalFetch,
    // The keychain is read once at start and never on the sync's path; keytar would need a D-Bus session.
    secrets: benchSecrets(),
    logger: quietLogger,
    appVersion: APP_VERSION,
  });
  try {
    await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: service.url });
    await core.invoke('setApiKey', { environmentId: 'demo', apiKey });

    const viaCore = async () => {
      const meta = await refreshThroughCore(core);
      if (meta.state !== 'fresh' || meta.count !== ANIMALS)
        throw new Error(`The core did not sync ${String(ANIMALS)} pets`);
    };
    const plain = async () => {
      if ((await plainWalk(service.url, apiKey)) !== ANIMALS)
        throw new Error(`The service did not list ${String(ANIMALS)} pets`);
    };
    const stored = async () => {
      const result = await core.invoke('getCatalogue', {});
      if (!result.ok || result.value.pets.length !== ANIMALS) throw new Error('The catalogue did not hold every pet');
    };

    for (let round = 0; round < WARMUP; round += 1) {
      await viaCore();
      await plain();
      await stored();
    }
    const coreTimes: number[] = [];
    const plainTimes: number[] = [];
    const storedTimes: number[] = [];
    // Interleaved, so the machine's drift falls on both sides alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      coreTimes.push(await timed(viaCore));
      plainTimes.push(await timed(plain));
      storedTimes.push(await timed(stored));
    }
    const coreMedian = median(coreTimes);
    const plainMedian = median(plainTimes);
    const storedMedian = median(storedTimes);
    const overhead = coreMedian / plainMedian;
    const speedup = coreMedian / storedMedian;
    return [
      {
        name: `plain fetch + JSON.parse of the ${String(ANIMALS)} animals' pages of 100 (median)`,
        value: plainMedian,
        unit: 'ms',
      },
      {
        name: 'core catalogue sync of the same pages through the IPC handler (median)',
        value: coreMedian,
        unit: 'ms',
        baseline: plainMedian,
        ratio: overhead,
        target: `≤ ${String(OVERHEAD_TARGET)}× plain fetch + parse`,
        pass: overhead <= OVERHEAD_TARGET,
      },
      {
        name: 'core getCatalogue, the stored catalogue’s answer (median)',
        value: storedMedian,
        unit: 'ms',
        baseline: coreMedian,
        ratio: storedMedian / coreMedian,
        target: `≥ ${String(STORED_SPEEDUP_TARGET)}× faster than asking the network (measured ${speedup.toFixed(1)}×)`,
        pass: speedup >= STORED_SPEEDUP_TARGET,
      },
    ];
  } finally {
    await core.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
