// `npm test`: every check and every test, in the order a failure is cheapest
// to read. package.json runs it through with-keyring.mjs, so keytar tests use a
// real Secret Service without touching the developer's own keychain.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findElectronBinary } from './electron-binary.mjs';
import { summaryLine, testsOfProject } from './test-summary.mjs';

const root = resolve(import.meta.dirname, '../..');
const resultsDir = join(root, 'test-results-summary');
let electronSkipped = 0;

const steps = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'format', args: ['run', 'format:check'] },
  { name: 'build', args: ['run', 'build'] },
  {
    name: 'unit and integration tests',
    args: [
      'run',
      'test:unit',
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(resultsDir, 'unit.json')}`,
    ],
    counts: () => {
      const report = JSON.parse(readFileSync(join(resultsDir, 'unit.json'), 'utf8'));
      return {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
      };
    },
  },
  {
    name: 'end-to-end tests',
    // The build step above made out/, so Playwright runs directly rather than through test:e2e's own build.
    args: ['exec', '--', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(resultsDir, 'e2e.json') },
    counts: () => {
      const report = JSON.parse(readFileSync(join(resultsDir, 'e2e.json'), 'utf8'));
      const { stats } = report;
      // Without a binary the electron project is left out; its tests are the same specs as chromium's.
      electronSkipped = findElectronBinary(root) ? 0 : testsOfProject(report, 'chromium');
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    },
  },
];

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const run = spawnSync('npm', step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (run.status !== 0) failedSteps.push(step.name);
  if (step.counts) {
    try {
      const counts = step.counts();
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
    } catch {
      if (run.status === 0) failedSteps.push(`${step.name} (no report)`);
      totals.failed += 1;
    }
  }
}

console.log('');
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(summaryLine(totals, electronSkipped));
process.exit(failedSteps.length > 0 ? 1 : 0);
