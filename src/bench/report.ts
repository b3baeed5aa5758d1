/** One measured figure, compared with a baseline measured in the same run when there is one. */
export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  /** value / baseline */
  ratio?: number;
  /** The goal in words, e.g. "≥ 0.6× bare route". */
  target?: string;
  pass?: boolean;
}

/** One printable line: "name: value unit (ratio× of baseline; target: …, PASS)". */
export function formatBenchLine(line: BenchLine): string {
  const round = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
  const parts: string[] = [];
  if (line.ratio !== undefined && line.baseline !== undefined) {
    parts.push(`${line.ratio.toFixed(2)}× of ${round(line.baseline)}`);
  }
  if (line.target) parts.push(`target ${line.target}`);
  if (line.pass !== undefined) parts.push(line.pass ? 'PASS' : 'FAIL');
  const details = parts.length > 0 ? ` (${parts.join('; ')})` : '';
  return `${line.name}: ${round(line.value)} ${line.unit}${details}`;
}

/** The middle sample (mean of the two middle ones for an even count); NaN when nothing was measured. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
