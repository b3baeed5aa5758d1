import { chromium, type Page } from 'playwright-core';
import { ensureBuilt } from '../../build/scripts/ensure-built';
import { chromiumPath, serveRenderer } from './renderer.bench';
import { median, type BenchLine } from './report';
import { fakePetstoreScript, measureRowsChangeScript, typeIntoSearch } from './renderer-fixtures';

const SAVED_LISTS = 50;
const TARGET_MS = 16;
const TARGET_RATIO = 3;
const WARMUP = 6;
const ROUNDS = 30;
// Each query matches 1 shown row and 111 saved ones ("…12", "…120"–"…129", "…1200"–"…1299").
const QUERIES = ['animal 12', 'animal 13'];
const SEARCH_ROWS = 112;

async function times(page: Page, trigger: (round: number) => string, count: number): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const ms = await page.evaluate<number>(measureRowsChangeScript(trigger(round), count));
    if (round >= WARMUP) samples.push(ms);
    await page.waitForTimeout(20);
  }
  return median(samples);
}

function judged(name: string, value: number, baseline: number): BenchLine {
  const ratio = value / baseline;
  return {
    name,
    value,
    unit: 'ms',
    baseline,
    ratio,
    target: `≤ ${TARGET_MS} ms and ≤ ${TARGET_RATIO}× a plain array filter or sort`,
    pass: value <= TARGET_MS && ratio <= TARGET_RATIO,
  };
}

/**
 * What a clerk feels at the search box and the column headers: 100 rows shown
 * and 50 saved lists of 100 behind them, in real Chromium, the real renderer
 * against a plain array filter/sort drawing the same rows with plain DOM.
 */
export async function benchSearch(): Promise<BenchLine[]> {
  ensureBuilt();
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ ...(executablePath && { executablePath }), args: ['--no-sandbox'] });
  const { origin, server } = await serveRenderer();
  try {
    const open = async (path: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(fakePetstoreScript('switch', SAVED_LISTS));
      const page = await context.newPage();
      await page.goto(`${origin}${path}`);
      await page.waitForSelector('table.pets tbody tr');
      return page;
    };
    const app = await open('/index.html');
    const plain = await open('/baseline.html');
    const query = (round: number) => QUERIES[round % QUERIES.length] ?? '';
    const appSearch = await times(app, (round) => typeIntoSearch(query(round)), SEARCH_ROWS);
    const plainSearch = await times(plain, (round) => `window.__search(${JSON.stringify(query(round))});`, SEARCH_ROWS);
    await app.evaluate(typeIntoSearch(''));
    const nameHeader = `document.querySelectorAll('table.pets thead button.sort')[1].click();`;
    const appSort = await times(app, () => nameHeader, 100);
    const plainSort = await times(plain, () => 'window.__sort();', 100);
    return [
      judged(`search keystroke to rows, 100 shown + ${SAVED_LISTS} saved lists of 100, median`, appSearch, plainSearch),
      judged('sort 100 rows by name, median', appSort, plainSort),
    ];
  } finally {
    await browser.close();
    server.close();
  }
}
