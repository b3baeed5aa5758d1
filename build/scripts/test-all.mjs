// `npm test`: every check and every test, in the order a failure is cheapest
// to read. On Linux it runs inside a private D-Bus session with an unlocked
// gnome-keyring and a temporary HOME, so keytar tests use a real Secret
// Service without touching the developer's own keychain.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const resultsDir = join(root, 'test-results-summary');

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

if (
  process.platform === 'linux' &&
  !process.env.PETSTORE_TEST_KEYRING &&
  has('dbus-run-session') &&
  has('gnome-keyring-daemon')
) {
  const home = mkdtempSync(join(tmpdir(), 'petstore-test-home-'));
  const inner =
    'echo -n petstore-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec node build/scripts/test-all.mjs';
  const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HOME: home, XDG_DATA_HOME: join(home, '.local/share'), PETSTORE_TEST_KEYRING: home },
  });
  rmSync(home, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}

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
    args: ['run', 'test:e2e', '--', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(resultsDir, 'e2e.json') },
    counts: () => {
      const { stats } = JSON.parse(readFileSync(join(resultsDir, 'e2e.json'), 'utf8'));
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
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
