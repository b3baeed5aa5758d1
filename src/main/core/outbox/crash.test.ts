import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../../server';
import { fileSecrets, tempDir } from '../test-support';
import type { ChildPlan, ChildPoint } from '../test-support/crash-child';
import { startFaultProxy } from '../test-support/fault-proxy';
import { KEY, SHOP, allPets, folder, openCore, outboxOf, storedItems } from '../test-support/harness';

const RUNS = Number(process.env.OUTBOX_CRASH_RUNS ?? 200);
const AT_ONCE = 3;
const POINTS: ChildPoint[] = ['before-durable', 'before-request', 'after-commit', 'after-answer'];

/** A small seeded generator (mulberry32), so a failing run can be replayed by its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let childScript = '';
beforeAll(async () => {
  // Bundled once, so each of the many children starts in a fraction of a second.
  childScript = join(folder(), 'crash-child.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, '../test-support/crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: childScript,
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
});

function runChild(plan: ChildPlan): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [childScript], {
      env: { ...process.env, OUTBOX_CRASH_PLAN: JSON.stringify(plan) },
      stdio: 'ignore',
    });
    child.on('exit', (code, signal) => resolve(signal ?? code));
  });
}

interface RunResult {
  seed: number;
  honours: boolean;
  point: ChildPoint;
  problems: string[];
}

/** One seeded run: a child killed at a point, the core restarted on its folder, then everything counted. */
async function crashRun(seed: number): Promise<RunResult> {
  const random = seeded(seed);
  const honours = random() < 0.5;
  const adds = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, index) => ({
    name: `s${seed}-${index}`,
    offline: random() < 0.4,
  }));
  const point = POINTS[Math.floor(random() * POINTS.length)] ?? 'before-request';
  const crashOn = 1 + Math.floor(random() * adds.length);
  const running = await startServer({ port: 0, apiKeys: [KEY], initialPets: SHOP });
  const proxy = honours ? undefined : await startFaultProxy(running.url, { ignoreKeys: true });
  const baseUrl = proxy?.url ?? running.url;
  const data = tempDir('petstore-crash-');
  const dataDir = data.path;
  const keychain = tempDir('petstore-crash-keychain-');
  const problems: string[] = [];
  try {
    const keychainFile = join(keychain.path, 'keychain.json');
    const exit = await runChild({ dataDir, baseUrl, apiKey: KEY, keychainFile, adds, crashAt: point, crashOn });
    if (exit !== 'SIGKILL') problems.push(`child ended with ${String(exit)}, not SIGKILL`);

    const secrets = fileSecrets(keychainFile);
    const restarted = await openCore(dataDir, baseUrl, { requestTimeoutMs: 10_000, secrets });
    await vi.waitFor(
      async () => {
        const items = await outboxOf(restarted);
        expect(items.filter((item) => item.state === 'queued' || item.state === 'sending')).toEqual([]);
      },
      { timeout: 20_000, interval: 50 },
    );
    const pets = await allPets(running.url);
    await restarted.core.close();
    const stored = storedItems(dataDir);
    const ackedFile = join(dataDir, 'acked.txt');
    const acked = new Set(existsSync(ackedFile) ? readFileSync(ackedFile, 'utf8').split('\n').filter(Boolean) : []);
    for (const { name } of adds) {
      const created = pets.filter((pet) => pet.name === name).length;
      const item = stored.find((one) => one.pet.name === name);
      if (created > 1) problems.push(`${name} created ${created} times`);
      if (item && honours && running.countByIdempotencyKey(item.key) > 1) problems.push(`${name}: key used twice`);
      if (item?.state === 'sent' && created !== 1) problems.push(`${name} marked sent but on the service ${created}×`);
      const waitsForClerk = item?.state === 'needs_check';
      if (acked.has(name) && created === 0 && !waitsForClerk) problems.push(`${name} lost`);
      if (honours && item && item.state !== 'sent')
        problems.push(`${name} left ${item.state} by a key-honouring service`);
      if (item && !honours && created === 0 && item.state === 'sent') problems.push(`${name} lost`);
    }
  } finally {
    await proxy?.close();
    await running.close();
    data.remove();
    keychain.remove();
  }
  return { seed, honours, point, problems };
}

describe('an app killed (SIGKILL) at every point of an add, then restarted on its data folder (a shop of 250 animals)', () => {
  it(`loses and duplicates nothing over ${RUNS} seeded runs`, { timeout: 480_000 }, async () => {
    const seeds = Array.from({ length: RUNS }, (_, index) => Number(process.env.OUTBOX_CRASH_SEED ?? 1) + index);
    const results: RunResult[] = [];
    const worker = async () => {
      for (let seed = seeds.shift(); seed !== undefined; seed = seeds.shift()) {
        results.push(await crashRun(seed));
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const failed = results.filter((result) => result.problems.length > 0);
    expect(failed).toEqual([]);
    expect(results).toHaveLength(RUNS);
    for (const point of POINTS) expect(results.filter((result) => result.point === point).length).toBeGreaterThan(20);
    expect(new Set(results.map((result) => result.honours))).toEqual(new Set([true, false]));
  });
});
