import type { Page } from 'playwright-core';
import { ensureBuilt } from '../../build/scripts/ensure-built';
import { launchChromium, serveRenderer } from './renderer.bench';
import { median, type BenchLine } from './report';
import { CATALOGUE_SIZE, fakePetstoreScript, measureRowsChangeScript, typeIntoSearch } from './renderer-fixtures';

const TARGET_MS = 16;
const SORT_TARGET_MS = 50;
const TARGET_RATIO = 3;
const WARMUP = 6;
const ROUNDS = 30;
// Each query matches 111 of the 10,000 names ("…12", "…120"–"…129", "…1200"–"…1299").
const QUERIES = ['animal 12', 'animal 13'];

async function times(page: Page, trigger: (round: number) => string): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const ms = await page.evaluate<number>(measureRowsChangeScript(trigger(round)));
    if (round >= WARMUP) samples.push(ms);
    await page.waitForTimeout(20);
  }
  return median(samples);
}

function judged(name: string, value: number, baseline: number, targetMs: number): BenchLine {
  const ratio = value / baseline;
  return {
    name,
    value,
    unit: 'ms',
    baseline,
    ratio,
    target: `≤ ${String(targetMs)} ms and ≤ ${String(TARGET_RATIO)}× a plain array filter or sort`,
    pass: value <= targetMs && ratio <= TARGET_RATIO,
  };
}

/**
 * What a clerk feels at the search box and the column headers over a whole
 * catalogue of 10,000 animals, in real Chromium: the real renderer against a
 * plain array filter/sort drawing a screenful of the same rows with plain DOM.
 */
export async function benchSearch(): Promise<BenchLine[]> {
  ensureBuilt();
  const browser = await launchChromium();
  const { origin, server } = await serveRenderer();
  try {
    const open = async (path: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(fakePetstoreScript());
      const page = await context.newPage();
      await page.goto(`${origin}${path}`);
      await page.waitForSelector('table.pets tbody tr');
      return page;
    };
    const app = await open('/index.html');
    const plain = await open('/baseline.html');
    const query = (round: number) => QUERIES[round % QUERIES.length] ?? '';
    const appSearch = await times(app, (round) => typeIntoSearch(query(round)));
    const plainSearch = await times(plain, (round) => `window.__search(${JSON.stringify(query(round))});`);
    await app.evaluate(typeIntoSearch(''));
    const nameHeader = `document.querySelectorAll('table.pets thead button.sort')[1].click();`;
    const appSort = await times(app, () => nameHeader);
    const plainSort = await times(plain, () => 'window.__sort();');
    const size = String(CATALOGUE_SIZE);
    return [
      judged(`search keystroke to rows over ${size} animals, median`, appSearch, plainSearch, TARGET_MS),
      judged(`sort ${size} animals by name, median`, appSort, plainSort, SORT_TARGET_MS),
    ];
  } finally {
    await browser.close();
    server.close();
  }
}
