import { describe, expect, it } from 'vitest';
import { type BenchLine, formatBenchLine, formatJudgedLine, measureUntilJudged, verdictOf } from './report';

/** The core's list overhead as the bench reports it: a ratio to a plain fetch + parse, target ≤ 1.5×. */
const overhead = (ratio: number): BenchLine => ({
  name: 'list overhead',
  value: ratio * 200,
  unit: 'µs',
  baseline: 200,
  ratio,
  target: '≤ 1.5× fetch + parse',
  pass: ratio <= 1.5,
});
const size: BenchLine = { name: 'renderer bundle', value: 120, unit: 'KiB' };

/** A suite whose figures come, run after run, from a script of measurements. */
function scripted(runs: BenchLine[][]) {
  let calls = 0;
  const suite = () => Promise.resolve(runs[Math.min(calls++, runs.length - 1)] ?? []);
  return { suite, calls: () => calls };
}

describe('npm run bench judges a target over its measurements', () => {
  it('a target met at once is measured once and reported met', async () => {
    const { suite, calls } = scripted([[overhead(1.1), size]]);
    const [line, bundle] = await measureUntilJudged(suite);
    expect(calls()).toBe(1);
    expect(line?.verdict).toBe('met');
    expect(bundle?.verdict).toBeUndefined();
    expect(formatJudgedLine(line ?? { samples: [] })).toBe(
      'list overhead: 220 µs (1.10× of 200; target ≤ 1.5× fetch + parse) — met',
    );
  });

  it('a miss is measured again; met the second time, the run is too noisy to judge, with the spread', async () => {
    const { suite, calls } = scripted([[overhead(1.8)], [overhead(1.2)]]);
    const [line] = await measureUntilJudged(suite);
    expect(calls()).toBe(2);
    expect(line?.verdict).toBe('too noisy to judge');
    expect(formatJudgedLine(line ?? { samples: [] })).toBe(
      'list overhead: 360 µs (1.80× of 200; target ≤ 1.5× fetch + parse) — measured 2 times (1.80, 1.20; spread 1.20–1.80×) — too noisy to judge',
    );
  });

  it('a target missed in every measurement is missed', async () => {
    const { suite, calls } = scripted([[overhead(1.7)], [overhead(1.9)], [overhead(1.8)]]);
    const [line] = await measureUntilJudged(suite);
    expect(calls()).toBe(3);
    expect(line?.verdict).toBe('missed');
    expect(formatJudgedLine(line ?? { samples: [] })).toMatch(/measured 3 times .*spread 1\.70–1\.90×\) — missed$/);
  });

  it('a baseline measured again with the suite shows its spread too, and no verdict', async () => {
    const baseline = (value: number): BenchLine => ({ name: 'plain p99', value, unit: 'ms' });
    const { suite } = scripted([
      [overhead(1.7), baseline(1.9)],
      [overhead(1.2), baseline(2.1)],
    ]);
    const [, plain] = await measureUntilJudged(suite);
    expect(formatJudgedLine(plain ?? { samples: [] })).toBe(
      'plain p99: 1.90 ms — measured 2 times (1.90, 2.10; spread 1.90–2.10 ms)',
    );
  });

  it('prints a note after the target, so a figure can be weighed against what else happened', () => {
    const delay: BenchLine = {
      name: 'p99',
      value: 2.4,
      unit: 'ms',
      target: '≤ 2 ms',
      note: 'GC paused the loop 3 times',
      pass: false,
    };
    expect(formatBenchLine(delay)).toBe('p99: 2.40 ms (target ≤ 2 ms; GC paused the loop 3 times; FAIL)');
    expect(formatBenchLine({ ...size, note: 'a baseline, no target' })).toBe(
      'renderer bundle: 120 KiB (a baseline, no target)',
    );
  });

  it('judges mixed outcomes as noise, whichever came first', () => {
    expect(verdictOf([overhead(1.2), overhead(1.6)])).toBe('too noisy to judge');
    expect(verdictOf([overhead(1.6), overhead(1.6), overhead(1.2)])).toBe('too noisy to judge');
    expect(verdictOf([size])).toBeUndefined();
  });
});
