import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryLine, testsOfProject } from './test-summary.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

describe("npm test's last line", () => {
  it('counts the Electron end-to-end tests as skipped, and says why, where no binary exists', () => {
    expect(summaryLine({ passed: 700, failed: 0, skipped: 3 }, 17)).toBe(
      '700 passed, 0 failed, 20 skipped (17 of them the end-to-end tests under Electron: no Electron binary on this machine; `npm start` downloads it)',
    );
  });

  it('is the plain count where Electron ran', () => {
    expect(summaryLine({ passed: 717, failed: 1, skipped: 3 }, 0)).toBe('717 passed, 1 failed, 3 skipped');
  });

  it("counts the project's tests in a real Playwright report of this repository's specs", () => {
    // --list only collects: the report holds every spec's tests, none run.
    const json = execFileSync('npx', ['playwright', 'test', '--list', '--reporter=json', '--project=chromium'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const report = JSON.parse(json) as Parameters<typeof testsOfProject>[0] & { stats: { skipped: number } };
    expect(testsOfProject(report, 'chromium')).toBe(report.stats.skipped);
    expect(testsOfProject(report, 'chromium')).toBeGreaterThan(10);
    expect(testsOfProject(report, 'electron')).toBe(0);
    // Collecting compiles every spec: over 20 s on a loaded two-core machine.
  }, 60_000);
});
