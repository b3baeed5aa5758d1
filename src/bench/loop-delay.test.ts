import { createHistogram } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { delayOf, loopSampler, SAMPLE_EVERY_MS } from './loop-delay';

const ms = (value: number) => Math.round(value * 1e6);

describe('event-loop delay', () => {
  it('reads a loop whose samples all came on time as not delayed at all', () => {
    const intervals = createHistogram();
    for (let sample = 0; sample < 100; sample += 1) intervals.record(ms(SAMPLE_EVERY_MS));
    const delay = delayOf(intervals);
    expect(delay.maxMs).toBeCloseTo(0, 2);
    expect(delay.p99Ms).toBeCloseTo(0, 2);
  });

  it('reads a sample 4 ms apart as 3 ms late, and the 99th percentile of the rest', () => {
    const intervals = createHistogram();
    for (let sample = 0; sample < 98; sample += 1) intervals.record(ms(1.2));
    intervals.record(ms(2.5));
    intervals.record(ms(4));
    const delay = delayOf(intervals);
    expect(delay.maxMs).toBeCloseTo(3, 1);
    expect(delay.p99Ms).toBeCloseTo(1.5, 1);
    expect(delay.p99IntervalMs).toBeCloseTo(2.5, 1);
  });

  it('sees a loop held up by synchronous work as late by about that long', async () => {
    const sampler = loopSampler();
    sampler.enable();
    await sleep(20);
    const until = performance.now() + 30;
    while (performance.now() < until);
    await sleep(20);
    sampler.disable();
    // Node's sampler records whole intervals: the blocked one is the 30 ms of work plus the 1 ms asked for.
    expect(sampler.max / 1e6).toBeGreaterThanOrEqual(30);
    expect(delayOf(sampler).maxMs).toBeGreaterThanOrEqual(29);
  });
});
