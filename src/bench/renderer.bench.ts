import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureBuilt, OUT_DIR } from '../../build/scripts/ensure-built';
import { LANGUAGES } from '../renderer/src/i18n/locales';
import { median, type BenchLine } from './report';
import {
  baselineScript,
  CATALOGUE_SIZE,
  fakePetstoreScript,
  measureSwitchScript,
  type ScopedClasses,
} from './renderer-fixtures';

const RENDERER_DIR = join(OUT_DIR, 'renderer');
const SIZE_TARGET_BYTES = 60 * 1024;
const SWITCH_TARGET_MS = 8;
const FIRST_ROWS_TARGET_MS = 150;
const SWITCH_WARMUP = 10;
const SWITCH_ROUNDS = 60;
const LOADS = 15;

/**
 * The built renderer's JavaScript, gzipped at level 9: what a counter loads (the entry, and the largest
 * language's chunk, the one language a counter fetches), and every file shipped but the pseudo-locale's
 * (a chunk only tests fetch). Each language's chunk is named after its catalogue (`de-….js`).
 */
function rendererGzipBytes(): { loaded: number; shipped: number } {
  const assets = join(RENDERER_DIR, 'assets');
  const sizes = readdirSync(assets)
    .filter((file) => file.endsWith('.js') && !file.startsWith('pseudo-'))
    .map((file) => ({ file, bytes: gzipSync(readFileSync(join(assets, file)), { level: 9 }).length }));
  const isLanguage = (file: string) => LANGUAGES.some((language) => file.startsWith(`${language}-`));
  const languages = sizes.filter(({ file }) => isLanguage(file)).map(({ bytes }) => bytes);
  if (languages.length === 0) throw new Error(`No language chunk in ${assets}: the size would leave the words out`);
  const rest = sizes.filter(({ file }) => !isLanguage(file)).reduce((total, { bytes }) => total + bytes, 0);
  return { loaded: rest + Math.max(...languages), shipped: sizes.reduce((total, { bytes }) => total + bytes, 0) };
}

/** Where the built renderer's stylesheet is served: the baseline wears its rules too. */
function stylesheetHref(): string {
  const css = readdirSync(join(RENDERER_DIR, 'assets')).find((file) => file.endsWith('.css'));
  if (!css) throw new Error(`The built renderer has no stylesheet in ${join(RENDERER_DIR, 'assets')}`);
  return `/assets/${css}`;
}

/** The classes Svelte gave the grid's and the badge's rules in the built stylesheet, for the baseline to wear. */
function scopedClasses(stylesheet: string): ScopedClasses {
  const css = readFileSync(join(RENDERER_DIR, stylesheet), 'utf8');
  const table = /\.scroller\.(svelte-[\w-]+)\{/.exec(css)?.[1];
  const badge = /\.badge\.(svelte-[\w-]+)\{/.exec(css)?.[1];
  // A baseline without the app's table rules would lay out every row and flatter the ratio.
  if (!table || !badge) throw new Error('The built stylesheet has no scoped table or badge rules for the baseline');
  return { table, badge };
}

/** The built renderer and the baseline page, on loopback, the way a browser loads them. */
export async function serveRenderer(): Promise<{ origin: string; server: Server }> {
  const stylesheet = stylesheetHref();
  const baselineHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>baseline</title>
<link rel="stylesheet" href="${stylesheet}"></head><body><div id="app"></div>
<script src="/baseline.js"></script></body></html>`;
  const baseline = baselineScript(scopedClasses(stylesheet));
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (body: string | Buffer, type: string) => {
      response.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
      response.end(body);
    };
    if (path === '/baseline.html') {
      send(baselineHtml, 'text/html');
      return;
    }
    if (path === '/baseline.js') {
      send(baseline, 'text/javascript');
      return;
    }
    const file = resolve(RENDERER_DIR, `.${path === '/' ? '/index.html' : path}`);
    if (!file.startsWith(RENDERER_DIR + sep) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    send(readFileSync(file), types[extname(file)] ?? 'application/octet-stream');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Medians of a switch, and of the style and layout it ends with (the rest is script). */
async function switchTimes(
  page: Page,
  trigger: (status: string) => string,
): Promise<{ total: number; layout: number }> {
  const totals: number[] = [];
  const layouts: number[] = [];
  for (let round = 0; round < SWITCH_WARMUP + SWITCH_ROUNDS; round += 1) {
    const status = round % 2 === 0 ? 'sold' : 'available';
    const [ms, layout] = await page.evaluate<[number, number]>(
      `(${measureSwitchScript(status, trigger(status))}).then((ms) => [ms, window.__layoutMs])`,
    );
    if (round >= SWITCH_WARMUP) {
      totals.push(ms);
      layouts.push(layout);
    }
    await page.waitForTimeout(20);
  }
  return { total: median(totals), layout: median(layouts) };
}

async function firstRowsTimes(page: Page, url: string): Promise<number> {
  const samples: number[] = [];
  for (let load = 0; load < LOADS; load += 1) {
    await page.goto(url);
    await page.waitForFunction('window.__firstRowsAt !== null');
    samples.push(await page.evaluate<number>('window.__firstRowsAt'));
  }
  return median(samples);
}

function compared(name: string, value: number, baseline: number, targetMs: number): BenchLine {
  return {
    name,
    value,
    unit: 'ms',
    baseline,
    ratio: value / baseline,
    target: `≤ ${targetMs} ms (plain-DOM table as baseline)`,
    pass: value <= targetMs,
  };
}

function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Chromium as both browser benches run it: the system's where there is one, nothing in the background. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  return chromium.launch({
    ...(executablePath && { executablePath }),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/**
 * The renderer's size as shipped, and two timings in real Chromium over a
 * catalogue of 10,000 animals, against a plain array filter drawing a
 * screenful of the same rows with plain DOM, measured in the same run. The
 * renderer is the real build; `window.petstore` is an in-page fake answering
 * from memory. The baseline page links the built app's own stylesheet and its
 * table wears the app's scoped grid classes, so the ratio is the cost of the
 * app itself. A switch is timed from the click to the new rows laid out (a
 * forced layout), not painted.
 */
export async function benchRenderer(): Promise<BenchLine[]> {
  ensureBuilt();
  const { loaded, shipped } = rendererGzipBytes();
  const lines: BenchLine[] = [
    {
      name: 'renderer JavaScript a counter loads, gzip',
      value: loaded / 1024,
      unit: 'KB',
      target: `≤ ${SIZE_TARGET_BYTES / 1024} KB`,
      pass: loaded <= SIZE_TARGET_BYTES,
      note: `the entry, and the largest language; all four languages shipped: ${(shipped / 1024).toFixed(1)} KB`,
    },
  ];

  const browser = await launchChromium();
  const { origin, server } = await serveRenderer();
  try {
    const page = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(fakePetstoreScript());
      return context.newPage();
    };

    const app = await page();
    await app.goto(`${origin}/index.html`);
    await app.waitForSelector('table.pets tbody tr');
    const appSwitch = await switchTimes(
      app,
      (status) => `document.querySelector('input[name="status"][value="${status}"]').click();`,
    );
    const plain = await page();
    await plain.goto(`${origin}/baseline.html`);
    await plain.waitForSelector('table.pets tbody tr');
    const plainSwitch = await switchTimes(plain, (status) => `window.__switch('${status}');`);
    lines.push({
      ...compared(
        `status filter switch over ${String(CATALOGUE_SIZE)} animals, median`,
        appSwitch.total,
        plainSwitch.total,
        SWITCH_TARGET_MS,
      ),
      note: `style and layout ${appSwitch.layout.toFixed(2)} ms of it (plain DOM: ${plainSwitch.layout.toFixed(2)} ms)`,
    });

    const loading = await page();
    const appFirst = await firstRowsTimes(loading, `${origin}/index.html`);
    const plainFirst = await firstRowsTimes(loading, `${origin}/baseline.html`);
    lines.push(
      compared(
        `page load to first rows of a catalogue of ${String(CATALOGUE_SIZE)}, median`,
        appFirst,
        plainFirst,
        FIRST_ROWS_TARGET_MS,
      ),
    );
  } finally {
    await browser.close();
    server.close();
  }
  return lines;
}
