import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCore, type Core, type Logger } from '../main/core';
import { describeError } from '../shared';
import { APP_VERSION, benchSecrets, coreHeaders, plainWalk, refreshThroughCore } from './core-request';
import { delayOf, loopSampler, SAMPLE_EVERY_MS, type LoopDelay } from './loop-delay';
import type { BenchLine } from './report';

const MAX_TARGET_MS = 10;
const P99_TARGET_MS = 2;
const API_KEY = 'event-loop-bench-key';
/** About as long as a measured session takes here. */
const IDLE_MS = 3000;
const quietLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

interface Delay extends LoopDelay {
  /** Every garbage-collection pause that began in the measured window: each one holds up the loop. */
  gcPausesMs: number[];
}

/** Who works through the session: the core; plain fetch + JSON.parse; or nobody, for this machine's floor. */
type Driver = 'core' | 'plain' | 'idle';

/** This file in a child process, in one of the modes at its end. */
const forkSelf = (mode: string, ...args: string[]) =>
  fork(fileURLToPath(import.meta.url), [mode, ...args], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

/** The reference service in its own process: only the core's (the main process's) event loop is measured. */
async function serviceProcess(): Promise<{ url: string; stop: () => void }> {
  const child = forkSelf('--serve');
  const [url] = (await once(child, 'message')) as [string];
  return { url, stop: () => child.kill('SIGKILL') };
}

/**
 * One session in a fresh process holding only its driver, as the app's main
 * process holds only the core: not the bench runner's other suites (browser
 * driver, server framework) nor the heaps of earlier sessions, whose
 * collection would otherwise land in the measured window.
 */
async function sessionProcess(url: string, driver: Driver): Promise<Delay> {
  const child = forkSelf('--session', url, driver);
  const exited = once(child, 'exit');
  const [answer] = (await Promise.race([once(child, 'message'), exited])) as [Delay | number | null];
  await exited;
  if (typeof answer !== 'object' || answer === null) throw new Error('the event-loop session process failed');
  return answer;
}

/** What a clerk does in a session: a Refresh is a catalogue sync, then the list reads the catalogue. */
interface Clerk {
  refresh(): Promise<void>;
  add(name: string): Promise<void>;
  switchTo(environmentId: 'demo' | 'staging'): Promise<void>;
}

/** A clerk's session: 200 refreshes of the catalogue (each then read), 50 adds, 20 environment switches, interleaved. */
async function session(clerk: Clerk): Promise<void> {
  for (let step = 0; step < 200; step += 1) {
    await clerk.refresh();
    if (step % 4 === 0) await clerk.add(`Loop ${String(step)}`);
    if (step % 10 === 0) await clerk.switchTo((step / 10) % 2 === 0 ? 'demo' : 'staging');
  }
}

const coreClerk = (core: Core): Clerk => ({
  async refresh() {
    await refreshThroughCore(core);
    const read = await core.invoke('getCatalogue', {});
    if (!read.ok || read.value.count === 0) throw new Error('the catalogue held no animals');
  },
  async add(name) {
    const added = await core.invoke('createPet', { pet: { name, categoryId: '1' } });
    if (!added.ok) throw new Error(`add failed: ${describeError(added.error)}`);
  },
  async switchTo(environmentId) {
    await core.invoke('selectEnvironment', { environmentId });
  },
});

/**
 * The requests a refresh and an add send, through plain fetch + JSON.parse: what the loop does with no core
 * at all (the core's own syncs, after a switch or an add, have no counterpart here).
 */
function plainClerk(url: string): Clerk {
  const headers = coreHeaders(API_KEY);
  const etags = new Map<string, string>();
  return {
    async refresh() {
      await plainWalk(url, API_KEY, etags);
    },
    async add(name) {
      const response = await fetch(`${url}/pets`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ name, categoryId: 1 }),
      });
      if (response.status !== 201) throw new Error(`add failed: ${String(response.status)}`);
      JSON.parse(await response.text());
    },
    switchTo: () => Promise.resolve(),
  };
}

/** The loop's delay, and the collector's pauses, while `work` runs. */
async function delayDuring(work: () => Promise<void>): Promise<Delay> {
  const gcEntries: PerformanceEntry[] = [];
  const gc = new PerformanceObserver((list) => gcEntries.push(...list.getEntries()));
  gc.observe({ entryTypes: ['gc'] });
  const histogram = loopSampler();
  const from = performance.now();
  histogram.enable();
  await work();
  histogram.disable();
  const to = performance.now();
  // GC entries reach the observer on a later turn of the loop.
  await setImmediate();
  gc.disconnect();
  return {
    ...delayOf(histogram),
    gcPausesMs: gcEntries.filter((entry) => entry.startTime >= from && entry.startTime <= to).map((e) => e.duration),
  };
}

/** Runs `use` with a clerk that works through `driver`, then puts away what the driver set up. */
async function withClerk<T>(url: string, driver: 'core' | 'plain', use: (clerk: Clerk) => Promise<T>): Promise<T> {
  if (driver === 'plain') return use(plainClerk(url));
  const dir = mkdtempSync(join(tmpdir(), 'petstore-loop-bench-'));
  const core = await createCore({
    dataDir: dir,
    fetch,
    secrets: benchSecrets(),
    logger: quietLogger,
    appVersion: APP_VERSION,
  });
  try {
    for (const environmentId of ['demo', 'staging'] as const) {
      await core.invoke('setBaseUrl', { environmentId, baseUrl: url });
      await core.invoke('setApiKey', { environmentId, apiKey: API_KEY });
    }
    return await use(coreClerk(core));
  } finally {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureOnce(url: string, driver: Driver): Promise<Delay> {
  if (driver === 'idle') return delayDuring(() => sleep(IDLE_MS));
  return withClerk(url, driver, async (clerk) => {
    // A clerk's working day runs warm: a fresh process settles (optimised code, a grown young
    // generation) only after a session's worth of calls, so one unmeasured session goes first.
    await session(clerk);
    return delayDuring(() => session(clerk));
  });
}

/**
 * The main process's event-loop delay during a scripted session, followed by the same requests without
 * the core, so a figure can be read against what fetch, the collector and this machine cost on their own.
 * A missed target is measured again by the bench runner, which prints the spread.
 */
export async function benchEventLoop(): Promise<BenchLine[]> {
  const service = await serviceProcess();
  try {
    const core = await sessionProcess(service.url, 'core');
    const plain = await sessionProcess(service.url, 'plain');
    const idle = await sessionProcess(service.url, 'idle');
    const gcPauses = (run: Delay) =>
      `GC paused the loop ${String(run.gcPausesMs.length)} times, longest ${Math.max(0, ...run.gcPausesMs).toFixed(2)} ms`;
    return [
      {
        name: 'main-process event-loop delay, max (200 catalogue refreshes, 50 adds, 20 switches)',
        value: core.maxMs,
        unit: 'ms',
        target: `≤ ${String(MAX_TARGET_MS)} ms`,
        pass: core.maxMs <= MAX_TARGET_MS,
      },
      {
        name: 'main-process event-loop delay, p99',
        value: core.p99Ms,
        unit: 'ms',
        target: `≤ ${String(P99_TARGET_MS)} ms`,
        note: `${gcPauses(core)}; samples ${String(SAMPLE_EVERY_MS)} ms apart, raw interval p99 ${core.p99IntervalMs.toFixed(2)} ms`,
        pass: core.p99Ms <= P99_TARGET_MS,
      },
      {
        name: 'the same requests through plain fetch + JSON.parse, no core: event-loop delay p99',
        value: plain.p99Ms,
        unit: 'ms',
        note: `a baseline, no target: max ${plain.maxMs.toFixed(2)} ms; ${gcPauses(plain)}`,
      },
      {
        name: 'a process doing nothing for 3 s: event-loop delay p99',
        value: idle.p99Ms,
        unit: 'ms',
        note: `this machine's floor, no target: max ${idle.maxMs.toFixed(2)} ms`,
      },
    ];
  } finally {
    service.stop();
  }
}

const [mode, url, driver] =
  process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href ? process.argv.slice(2) : [];
if (mode === '--serve') {
  // Imported here, so a session process never loads the server.
  const { startServer } = await import('../server');
  const running = await startServer({
    apiKeys: [API_KEY],
    initialPets: Array.from({ length: 120 }, (_, index) => ({ name: `Pet ${String(index)}`, categoryId: '1' })),
  });
  process.send?.(running.url);
}
if (mode === '--session' && url && (driver === 'core' || driver === 'plain' || driver === 'idle')) {
  const delay = await measureOnce(url, driver);
  // Idle keep-alive sockets must not hold the session process open.
  process.send?.(delay, () => process.exit(0));
}
