// The last line of `npm test`, and the count of end-to-end tests the Electron
// project would have run where it cannot run (no binary: it is left out of
// playwright.config.ts, so Playwright itself never counts them).

/**
 * @typedef {{ projectName?: string }} ReportTest
 * @typedef {{ specs?: { tests?: ReportTest[] }[], suites?: ReportSuite[] }} ReportSuite
 */

/**
 * The tests of one project in a Playwright JSON report.
 *
 * @param {{ suites?: ReportSuite[] }} report
 * @param {string} projectName
 * @returns {number}
 */
export function testsOfProject(report, projectName) {
  /** @param {ReportSuite[]} suites @returns {number} */
  const count = (suites) =>
    suites.reduce(
      (sum, suite) =>
        sum +
        (suite.specs ?? []).reduce(
          (inSpec, spec) => inSpec + (spec.tests ?? []).filter((test) => test.projectName === projectName).length,
          0,
        ) +
        count(suite.suites ?? []),
      0,
    );
  return count(report.suites ?? []);
}

/**
 * @param {{ passed: number, failed: number, skipped: number }} totals skipped tests, Electron's not included
 * @param {number} electronSkipped Electron end-to-end tests left out for want of a binary
 * @returns {string}
 */
export function summaryLine(totals, electronSkipped) {
  const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped + electronSkipped} skipped`;
  if (electronSkipped === 0) return line;
  return `${line} (${electronSkipped} of them the end-to-end tests under Electron: no Electron binary on this machine; \`npm start\` downloads it)`;
}
