// `npm run bench [-- server core event-loop renderer search outbox catalogue]`: every
// benchmark, each figure next to a baseline measured in the same run, so the
// ratios hold on any machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchCatalogue } from './catalogue.bench';
import { benchCore } from './core.bench';
import { benchEventLoop } from './event-loop.bench';
import { benchOutbox } from './outbox.bench';
import { type BenchLine, formatJudgedLine, type JudgedLine, measureUntilJudged } from './report';
import { benchRenderer } from './renderer.bench';
import { benchSearch } from './search.bench';
import { benchServer } from './server.bench';

const suites: Record<string, () => Promise<BenchLine[]>> = {
  server: benchServer,
  core: benchCore,
  'event-loop': benchEventLoop,
  renderer: benchRenderer,
  search: benchSearch,
  outbox: benchOutbox,
  catalogue: benchCatalogue,
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in suites));
if (unknown.length > 0) {
  console.error(`Unknown bench suite: ${unknown.join(', ')}. Known: ${Object.keys(suites).join(', ')}.`);
  process.exit(2);
}

const results: Record<string, JudgedLine[]> = {};
for (const [name, suite] of Object.entries(suites)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  // A missed target is measured again before it is reported; the spread is printed.
  const lines = await measureUntilJudged(suite);
  for (const line of lines) console.log(formatJudgedLine(line));
  results[name] = lines;
}

const outDir = resolve(import.meta.dirname, '../../bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  resolve(outDir, 'latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
);

const judged = Object.values(results).flat();
const named = (verdict: string) =>
  judged.filter((line) => line.verdict === verdict).map((line) => line.samples[0]?.name ?? '');
const missed = named('missed');
const noisy = named('too noisy to judge');
if (noisy.length > 0) console.log(`\nToo noisy to judge (met in some runs, missed in others): ${noisy.join('; ')}`);
console.log(missed.length === 0 ? '\nNo target missed.' : `\nTargets missed in every run: ${missed.join('; ')}`);
// Noise is reported, not failed: only a target missed in every measurement fails the run.
process.exitCode = missed.length === 0 ? 0 : 1;
