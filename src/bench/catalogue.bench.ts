import { fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { ensureBuilt } from '../../build/scripts/ensure-built';
import type { PreviewOptions } from '../../e2e/preview/server';
import { createCore, type Core, type Logger } from '../main/core';
import { startServer } from '../server';
import { IN_FLIGHT } from '../main/core/catalogue/sync';
import type { CatalogueMeta } from '../shared';
import { foldName } from '../shared/fold';
import { APP_VERSION, benchSecrets, coreHeaders, plainWalk as conditionalWalk } from './core-request';
import { delayOf, loopSampler } from './loop-delay';
import { launchChromium, serveRenderer } from './renderer.bench';
import { FIRST_ROWS_SCRIPT, FIRST_ROWS_SIGNAL, fakePetstoreScript } from './renderer-fixtures';
import { median, type BenchLine } from './report';

const API_KEY = 'catalogue-bench-key';
const root = fileURLToPath(new URL('../..', import.meta.url));
const SIZES = [1_000, 10_000, 100_000];
/** The size the targets are about. */
const JUDGED = 10_000;
const SYNC_TARGET = 2;
const LOOP_MAX_TARGET_MS = 10;
const REFRESH_SPEEDUP_TARGET = 5;
const MEMORY_TARGET_MB = 25;
const FIRST_ROWS_TARGET_MS = 200;
/** Unmeasured refreshes before the measured ones: the first few after a start ran 1.5–2.5× a warm one. */
const WARM_REFRESHES = 3;
/** Preview starts timed (each with a fresh core reading the stored catalogue), and as many baseline loads. */
const PREVIEW_STARTS = 7;
/** The preview keeps its key in the keychain: a private one (with-keyring), under a name of the bench's own. */
const PREVIEW_KEYCHAIN = 'Petstore Counter catalogue bench';
const RESULT_PREFIX = 'catalogue-bench-result ';
const quietLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** What one session measured, for one size. */
interface Figures {
  animals: number;
  plainMs: number;
  firstSyncMs: number;
  loopMaxMs: number;
  refreshMs: number;
  /** The refresh's requests (every page with its ETag, all 304) through plain fetch, as many at once as the core asks. */
  plainRefreshMs: number;
  viewMs: number;
  searchMs: number;
  plainSearchMs: number;
  memoryMb: number;
  /** The loop's max in a process that did nothing for as long as the first sync took: this machine's floor. */
  idleLoopMaxMs: number;
}

const forkSelf = (mode: string, ...args: string[]) =>
  fork(fileURLToPath(import.meta.url), [mode, ...args], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

/** The reference service holding `animals` made-up animals, in its own process: only the core's loop is measured. */
async function serviceProcess(animals: number): Promise<{ url: string; stop: () => void }> {
  const child = forkSelf('--serve', String(animals));
  const [url] = (await once(child, 'message')) as [string];
  return { url, stop: () => child.kill('SIGKILL') };
}

/** This file in a child process, answering once; its answer, or an error when it died without one. */
async function childAnswer<T>(mode: string, ...args: string[]): Promise<T> {
  const child = forkSelf(mode, ...args);
  const exited = once(child, 'exit');
  const [answer] = (await Promise.race([once(child, 'message'), exited])) as [T | number | null];
  await exited;
  if (typeof answer !== 'object' || answer === null) throw new Error(`the catalogue bench's ${mode} process failed`);
  return answer;
}

/** One size: the session, then an idle process for as long, whose loop max is what the machine alone costs. */
async function measure(url: string, animals: number): Promise<Figures> {
  const figures = await childAnswer<Omit<Figures, 'idleLoopMaxMs'>>('--session', url, String(animals));
  const idle = await childAnswer<{ maxMs: number }>('--idle', String(Math.ceil(figures.firstSyncMs)));
  return { ...figures, idleLoopMaxMs: idle.maxMs };
}

/** The baseline: every page through plain fetch + JSON.parse, following the service's next links. */
async function plainWalk(url: string): Promise<number> {
  const headers = coreHeaders(API_KEY);
  let next: string | undefined = `${url}/pets?limit=100`;
  let count = 0;
  while (next !== undefined) {
    const response: Response = await fetch(next, { headers });
    const pets: unknown = JSON.parse(await response.text());
    if (!Array.isArray(pets)) throw new Error('The service did not list pets');
    count += pets.length;
    const target = /<([^>]+)>/.exec(response.headers.get('link') ?? '')?.[1];
    next = target === undefined ? undefined : new URL(target, next).href;
  }
  return count;
}

/** The refresh's requests without the core: each page with the ETag it last had, IN_FLIGHT at a time, as the core asks them. */
async function plainRefresh(etags: ReadonlyMap<string, string>): Promise<void> {
  const headers = coreHeaders(API_KEY);
  const pages = [...etags];
  let next = 0;
  const asker = async () => {
    for (let page = pages[next++]; page !== undefined; page = pages[next++]) {
      const [url, etag] = page;
      const response = await fetch(url, { headers: { ...headers, 'If-None-Match': etag } });
      if (response.status !== 304) throw new Error(`The service answered ${String(response.status)}, not 304`);
      response.headers.get('link');
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, asker));
}

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/** The main process's memory as it would be reported after a collection: the heap and what it holds outside it. */
function memoryMb(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 1024 / 1024;
}

/** Resolves at the next catalogue event that says a sync ended fresh with at least `count` animals. */
function nextFresh(core: Core, count: number): Promise<CatalogueMeta> {
  return new Promise((resolve) => {
    const off = core.on('onCatalogue', (meta) => {
      if (meta.state !== 'fresh' || meta.count < count) return;
      off();
      resolve(meta);
    });
  });
}

/** One session in a fresh process holding only the core, as the app's main process does. */
async function session(url: string, animals: number): Promise<Omit<Figures, 'idleLoopMaxMs'>> {
  if ((await plainWalk(url)) !== animals) throw new Error(`The service does not hold ${String(animals)} animals`);
  const plainTimes = [];
  for (let round = 0; round < 3; round += 1) plainTimes.push(await timed(() => plainWalk(url)));

  // The header's check and the periodic sync are left out of the measured window.
  const hour = 3_600_000;
  const openCore = (dataDir: string) =>
    createCore({
      dataDir,
      fetch,
      secrets: benchSecrets(),
      logger: quietLogger,
      appVersion: APP_VERSION,
      freshness: { checkEveryMs: hour, syncEveryMs: hour },
    });
  const dir = mkdtempSync(join(tmpdir(), 'petstore-catalogue-bench-'));
  // One unmeasured first sync and a few refreshes, into a folder of their own, as the event-loop bench warms up:
  // neither the measured sync nor the measured refreshes are the first runs of their functions in a fresh process.
  // Out of reach once done, so the memory measured below is the measured core's alone.
  await (async () => {
    const warm = await openCore(join(dir, 'warm-up'));
    await warm.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: url });
    const warmed = nextFresh(warm, animals);
    await warm.invoke('setApiKey', { environmentId: 'demo', apiKey: API_KEY });
    await warmed;
    for (let round = 0; round < WARM_REFRESHES; round += 1) {
      const refreshed = nextFresh(warm, animals);
      await warm.invoke('refreshCatalogue', {});
      await refreshed;
    }
    await warm.close();
  })();
  const core = await openCore(join(dir, 'measured'));
  try {
    await core.invoke('setBaseUrl', { environmentId: 'demo', baseUrl: url });
    await sleep(100);
    const emptyMb = memoryMb();

    // The first sync starts when the key is given, as it does for a clerk.
    const sampler = loopSampler();
    sampler.enable();
    const firstSyncMs = await timed(async () => {
      const fresh = nextFresh(core, animals);
      await core.invoke('setApiKey', { environmentId: 'demo', apiKey: API_KEY });
      await fresh;
    });
    // The copy is written after the rows are shown; the loop is watched until it is on disk.
    while (!readdirSync(join(dir, 'measured')).some((file) => file.startsWith('catalogue-demo-'))) await sleep(5);
    await sleep(50);
    sampler.disable();
    const { maxMs } = delayOf(sampler);

    // Each refresh beside the same requests through plain fetch, in turns.
    const etags = new Map<string, string>();
    await conditionalWalk(url, API_KEY, etags);
    const refreshTimes = [];
    const plainRefreshTimes = [];
    for (let round = 0; round < 5; round += 1) {
      refreshTimes.push(
        await timed(async () => {
          const fresh = nextFresh(core, animals);
          await core.invoke('refreshCatalogue', {});
          await fresh;
        }),
      );
      plainRefreshTimes.push(await timed(() => plainRefresh(etags)));
    }

    const viewTimes = [];
    let pets: Array<{ name: string }> = [];
    for (let round = 0; round < 5; round += 1) {
      viewTimes.push(
        await timed(async () => {
          const view = await core.invoke('getCatalogue', {});
          if (!view.ok) throw new Error('no catalogue');
          pets = view.value.pets;
        }),
      );
    }
    const memory = memoryMb() - emptyMb;

    // A keystroke's search the renderer's way (names folded once, then a substring test), beside a plain filter.
    const folded = pets.map((pet) => foldName(pet.name));
    const searchTimes = [];
    const plainSearchTimes = [];
    for (let round = 0; round < 21; round += 1) {
      const needle = `rex ${String(round + 1)}`;
      const raw = `Rex ${String(round + 1)}`;
      let started = performance.now();
      pets.filter((_pet, index) => folded[index]?.includes(needle));
      searchTimes.push(performance.now() - started);
      started = performance.now();
      pets.filter((pet) => pet.name.includes(raw));
      plainSearchTimes.push(performance.now() - started);
    }
    return {
      animals,
      plainMs: median(plainTimes),
      firstSyncMs,
      loopMaxMs: maxMs,
      refreshMs: median(refreshTimes),
      plainRefreshMs: median(plainRefreshTimes),
      viewMs: median(viewTimes),
      searchMs: median(searchTimes),
      plainSearchMs: median(plainSearchTimes),
      memoryMb: memory,
    };
  } finally {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where a load's time went, in ms from the navigation: the page in, the app's script in, the first answers in, the rows. */
interface LoadTimes {
  page: number;
  script: number;
  /** The preview's first answers (its bridge's one request); the renderer from memory has none. */
  answers?: number;
  rows: number;
}

/** The page's own record of a load, read once its rows are drawn (plain JavaScript, run in Chromium). */
const LOAD_TIMES_SCRIPT = `(() => {
  const ended = (pattern) => performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name))?.responseEnd;
  return {
    page: performance.getEntriesByType('navigation')[0].responseEnd,
    script: ended(/\\/assets\\/index-[^/]+\\.js$/),
    answers: ended(/\\/ipc-batch$/),
    rows: window.__firstRowsAt,
  };
})()`;

/** One load in a fresh browser context (nothing cached): navigation to the first rows laid out. */
async function firstRows(browser: Browser, initScript: string, url: string): Promise<LoadTimes> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(initScript);
    const page = await context.newPage();
    // The page's log, not a poll every 10 ms, which cost the process serving the preview 31–53 ms of CPU a load, not
    // 24–37 (10,000 stored animals, 4 loads each); nor waitForFunction (the app's CSP forbids its eval). The time is
    // taken in the page.
    const drawn = page.waitForEvent('console', {
      predicate: (message) => message.text() === FIRST_ROWS_SIGNAL,
      timeout: 60_000,
    });
    await Promise.all([drawn, page.goto(url)]);
    return await page.evaluate<LoadTimes>(LOAD_TIMES_SCRIPT);
  } finally {
    await context.close();
  }
}

interface PreviewFigures {
  previewMs: number;
  rendererMs: number;
  /** A plain page drawing a screenful of the same animals with plain DOM, in a fresh context too: the floor. */
  plainPageMs: number;
  /** Medians of where the time went, the preview's and the renderer's from memory. */
  preview: LoadTimes;
  renderer: LoadTimes;
}

/** Each milestone's median over the loads. */
const medianTimes = (loads: readonly LoadTimes[]): LoadTimes => ({
  page: median(loads.map((load) => load.page)),
  script: median(loads.map((load) => load.script)),
  ...(loads[0]?.answers !== undefined && { answers: median(loads.map((load) => load.answers ?? NaN)) }),
  rows: median(loads.map((load) => load.rows)),
});

/**
 * The web preview (the real core, its HTTP bridge, the built renderer) started again and again on a
 * data folder holding a stored catalogue of the service's animals for the demo environment: each
 * start has a fresh core, which reads the stored file while the page loads. Beside it, in turns, the
 * same renderer with the renderer bench's in-page stand-in answering the same number of animals from
 * memory: the ratio is what the core, the file and the bridge add to a start. The plain page beside
 * them is what any page drawing those rows costs a fresh context on this machine.
 */
async function previewFirstRows(url: string, animals: number): Promise<PreviewFigures> {
  ensureBuilt();
  // Loaded here, in the child under with-keyring: the preview brings keytar, which no other suite needs.
  const { startPreview } = await import('../../e2e/preview/server');
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-catalogue-preview-'));
  const options: PreviewOptions = {
    dataDir,
    petstoreUrl: url,
    petstoreKey: API_KEY,
    keychainService: PREVIEW_KEYCHAIN,
    logger: quietLogger,
  };
  const browser = await launchChromium();
  const { origin, server } = await serveRenderer();
  try {
    // The stored catalogue: one start syncs the whole shop, and closing writes it.
    const first = await startPreview(options);
    const synced = nextFresh(first.core, animals);
    await first.core.invoke('refreshCatalogue', {});
    await synced;
    await first.close();
    if (!readdirSync(dataDir).some((file) => file.startsWith('catalogue-demo-'))) {
      throw new Error('The preview stored no catalogue');
    }
    const previewLoads: LoadTimes[] = [];
    const rendererLoads: LoadTimes[] = [];
    const plainLoads: LoadTimes[] = [];
    for (let start = 0; start < PREVIEW_STARTS; start += 1) {
      const preview = await startPreview(options);
      try {
        previewLoads.push(await firstRows(browser, FIRST_ROWS_SCRIPT, preview.url));
      } finally {
        await preview.close();
      }
      rendererLoads.push(await firstRows(browser, fakePetstoreScript(), `${origin}/index.html`));
      plainLoads.push(await firstRows(browser, fakePetstoreScript(), `${origin}/baseline.html`));
    }
    return {
      previewMs: median(previewLoads.map((load) => load.rows)),
      rendererMs: median(rendererLoads.map((load) => load.rows)),
      plainPageMs: median(plainLoads.map((load) => load.rows)),
      preview: medianTimes(previewLoads),
      renderer: medianTimes(rendererLoads),
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The preview's figures from a child run under with-keyring: keytar needs a Secret Service, a private one here. */
async function previewFigures(url: string, animals: number): Promise<PreviewFigures> {
  const child = spawn(
    process.execPath,
    [
      join(root, 'build/scripts/with-keyring.mjs'),
      process.execPath,
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--preview',
      url,
      String(animals),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  const line = output.split('\n').find((text) => text.startsWith(RESULT_PREFIX));
  if (code !== 0 || line === undefined)
    throw new Error(`The catalogue bench's preview run failed (exit ${String(code)})`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as PreviewFigures;
}

function previewLine(animals: number, figures: PreviewFigures): BenchLine {
  const ms = (value: number | undefined) => (value ?? NaN).toFixed(0);
  const { preview, renderer } = figures;
  return {
    name: `${animals.toLocaleString('en')} animals stored: preview start to first rows (fresh core), against the renderer answered from memory`,
    value: figures.previewMs,
    unit: 'ms',
    baseline: figures.rendererMs,
    ratio: figures.previewMs / figures.rendererMs,
    target: `≤ ${String(FIRST_ROWS_TARGET_MS)} ms`,
    note:
      `medians, ms from the navigation: page in ${ms(preview.page)}, app's script in ${ms(preview.script)}, ` +
      `first answers in ${ms(preview.answers)} (from memory: page ${ms(renderer.page)}, script ${ms(renderer.script)}); ` +
      `a plain page drawing a screenful of the same animals in a fresh context: ${ms(figures.plainPageMs)}`,
    pass: figures.previewMs <= FIRST_ROWS_TARGET_MS,
  };
}

function lines(figures: Figures): BenchLine[] {
  const size = figures.animals.toLocaleString('en');
  const judged = figures.animals === JUDGED;
  const syncRatio = figures.firstSyncMs / figures.plainMs;
  const refreshSpeedup = figures.firstSyncMs / figures.refreshMs;
  return [
    {
      name: `${size} animals: first sync (rows shown) against plain fetch + JSON.parse of the same pages`,
      value: figures.firstSyncMs,
      unit: 'ms',
      baseline: figures.plainMs,
      ratio: syncRatio,
      ...(judged && { target: `≤ ${String(SYNC_TARGET)}× plain fetch + parse`, pass: syncRatio <= SYNC_TARGET }),
    },
    {
      name: `${size} animals: event-loop max during the first sync and its write`,
      value: figures.loopMaxMs,
      unit: 'ms',
      note: `an idle process on this machine meanwhile: ${figures.idleLoopMaxMs.toFixed(1)} ms`,
      ...(judged && { target: `≤ ${String(LOOP_MAX_TARGET_MS)} ms`, pass: figures.loopMaxMs <= LOOP_MAX_TARGET_MS }),
    },
    {
      name: `${size} animals: refresh with nothing changed (304s) against the first sync`,
      value: figures.refreshMs,
      unit: 'ms',
      baseline: figures.firstSyncMs,
      ratio: figures.refreshMs / figures.firstSyncMs,
      note: `the same 304s through plain fetch, ${String(IN_FLIGHT)} at a time: ${figures.plainRefreshMs.toFixed(1)} ms`,
      ...(judged && {
        target: `≥ ${String(REFRESH_SPEEDUP_TARGET)}× faster (measured ${refreshSpeedup.toFixed(1)}×)`,
        pass: refreshSpeedup >= REFRESH_SPEEDUP_TARGET,
      }),
    },
    { name: `${size} animals: getCatalogue, the whole view for the renderer`, value: figures.viewMs, unit: 'ms' },
    {
      name: `${size} animals: a name search, names folded once (the renderer's job), against a plain filter`,
      value: figures.searchMs,
      unit: 'ms',
      baseline: figures.plainSearchMs,
      ratio: figures.searchMs / figures.plainSearchMs,
    },
    {
      name: `${size} animals: main-process memory above an empty catalogue`,
      value: figures.memoryMb,
      unit: 'MB',
      ...(judged && { target: `≤ ${String(MEMORY_TARGET_MB)} MB`, pass: figures.memoryMb <= MEMORY_TARGET_MB }),
    },
  ];
}

/** The growth table: one row per size, so how each cost grows is seen at a glance. */
function growthTable(all: Figures[]): string {
  const row = (cells: string[]) => `| ${cells.map((cell) => cell.padStart(12)).join(' | ')} |`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    row([
      'animals',
      'plain walk',
      'first sync',
      'loop max',
      'idle max',
      'refresh',
      'plain 304s',
      'view',
      'search',
      'memory',
    ]),
    ...all.map((figures) =>
      row([
        figures.animals.toLocaleString('en'),
        ms(figures.plainMs),
        ms(figures.firstSyncMs),
        ms(figures.loopMaxMs),
        ms(figures.idleLoopMaxMs),
        ms(figures.refreshMs),
        ms(figures.plainRefreshMs),
        ms(figures.viewMs),
        ms(figures.searchMs),
        `${figures.memoryMb.toFixed(1)} MB`,
      ]),
    ),
  ].join('\n');
}

/**
 * The catalogue at 1,000, 10,000 and 100,000 animals: each size in a fresh process holding only
 * the core (its loop and memory are the main process's), the reference service in another.
 */
export async function benchCatalogue(): Promise<BenchLine[]> {
  const all: Figures[] = [];
  let preview: PreviewFigures | undefined;
  for (const animals of SIZES) {
    const service = await serviceProcess(animals);
    try {
      all.push(await measure(service.url, animals));
      if (animals === JUDGED) preview = await previewFigures(service.url, animals);
    } finally {
      service.stop();
    }
  }
  console.log(growthTable(all));
  return [...all.flatMap(lines), ...(preview ? [previewLine(JUDGED, preview)] : [])];
}

const [mode, ...args] = process.argv.slice(2);
if (mode === '--serve') {
  const service = await startServer({ apiKeys: [API_KEY], generatedPets: Number(args[0]) });
  process.send?.(service.url);
} else if (mode === '--session' && args[0]) {
  process.send?.(await session(args[0], Number(args[1])));
  process.disconnect();
} else if (mode === '--preview' && args[0]) {
  console.log(`${RESULT_PREFIX}${JSON.stringify(await previewFirstRows(args[0], Number(args[1])))}`);
} else if (mode === '--idle') {
  const sampler = loopSampler();
  sampler.enable();
  await sleep(Number(args[0]));
  sampler.disable();
  process.send?.({ maxMs: delayOf(sampler).maxMs });
  process.disconnect();
}
