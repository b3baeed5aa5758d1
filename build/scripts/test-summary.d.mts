interface ReportTest {
  projectName?: string;
}
interface ReportSuite {
  specs?: { tests?: ReportTest[] }[];
  suites?: ReportSuite[];
}
export declare function testsOfProject(report: { suites?: ReportSuite[] }, projectName: string): number;
export declare function summaryLine(
  totals: { passed: number; failed: number; skipped: number },
  electronSkipped: number,
): string;
