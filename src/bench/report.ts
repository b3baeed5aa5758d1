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
  /** What else a reader needs to weigh the figure, e.g. what the collector did while it was measured. */
  note?: string;
}

/** One printable line: "name: value unit (ratio× of baseline; target …; note; PASS)". */
export function formatBenchLine(line: BenchLine): string {
  const round = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
  const parts: string[] = [];
  if (line.ratio !== undefined && line.baseline !== undefined) {
    parts.push(`${line.ratio.toFixed(2)}× of ${round(line.baseline)}`);
  }
  if (line.target) parts.push(`target ${line.target}`);
  if (line.note) parts.push(line.note);
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

/**
 * A target judged over every measurement of it: met or missed each time, or
 * met in some runs and missed in others — on a busy machine that is noise,
 * not a verdict either way.
 */
export type Verdict = 'met' | 'missed' | 'too noisy to judge';

export interface JudgedLine {
  /** Every measurement of the figure, the first one first. */
  samples: BenchLine[];
  /** Undefined for a figure with no target. */
  verdict?: Verdict;
}

export function verdictOf(samples: readonly BenchLine[]): Verdict | undefined {
  const judged = samples.filter((sample) => sample.pass !== undefined);
  if (judged.length === 0) return undefined;
  if (judged.every((sample) => sample.pass === true)) return 'met';
  if (judged.every((sample) => sample.pass === false)) return 'missed';
  return 'too noisy to judge';
}

/** The figure a target is about: the ratio when there is a baseline, else the value. */
const figure = (line: BenchLine) => line.ratio ?? line.value;

/**
 * Runs a suite, and again (up to `remeasures` times) while any of its targets
 * was missed in the latest run, so no miss is reported from one measurement.
 */
export async function measureUntilJudged(suite: () => Promise<BenchLine[]>, remeasures = 2): Promise<JudgedLine[]> {
  const byName = new Map<string, BenchLine[]>();
  for (let run = 0; run <= remeasures; run += 1) {
    const lines = await suite();
    for (const line of lines) byName.set(line.name, [...(byName.get(line.name) ?? []), line]);
    if (!lines.some((line) => line.pass === false)) break;
  }
  return [...byName.values()].map((samples) => ({ samples, verdict: verdictOf(samples) }));
}

/** The first measurement's line, then, when re-measured, every figure and the spread, then the verdict if it has a target. */
export function formatJudgedLine({ samples, verdict }: JudgedLine): string {
  const [first, ...rest] = samples;
  if (!first) return '';
  const head = formatBenchLine({ ...first, pass: undefined });
  const judged = verdict === undefined ? '' : ` — ${verdict}`;
  if (rest.length === 0) return `${head}${judged}`;
  const figures = samples.map(figure);
  const unit = first.ratio === undefined ? ` ${first.unit}` : '×';
  const round = (n: number) => n.toFixed(2);
  const spread = `${round(Math.min(...figures))}–${round(Math.max(...figures))}${unit}`;
  return `${head} — measured ${String(samples.length)} times (${figures.map(round).join(', ')}; spread ${spread})${judged}`;
}
