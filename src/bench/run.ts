// `npm run bench [-- server core renderer]`: every benchmark, each figure next
// to a baseline measured in the same run, so the ratios hold on any machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchCore } from './core.bench';
import { benchEventLoop } from './event-loop.bench';
import { benchOutbox } from './outbox.bench';
import { type BenchLine, formatBenchLine } from './report';
import { benchRenderer } from './renderer.bench';
import { benchServer } from './server.bench';

const suites: Record<string, () => Promise<BenchLine[]>> = {
  server: benchServer,
  core: benchCore,
  'event-loop': benchEventLoop,
  renderer: benchRenderer,
  outbox: benchOutbox,
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in suites));
if (unknown.length > 0) {
  console.error(`Unknown bench suite: ${unknown.join(', ')}. Known: ${Object.keys(suites).join(', ')}.`);
  process.exit(2);
}

const results: Record<string, BenchLine[]> = {};
for (const [name, suite] of Object.entries(suites)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const lines = await suite();
  for (const line of lines) console.log(formatBenchLine(line));
  results[name] = lines;
}

const outDir = resolve(import.meta.dirname, '../../bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  resolve(outDir, 'latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
);

const missed = Object.values(results)
  .flat()
  .filter((line) => line.pass === false);
console.log(missed.length === 0 ? '\nEvery target met.' : `\nTargets missed: ${missed.map((l) => l.name).join('; ')}`);
process.exitCode = missed.length === 0 ? 0 : 1;
