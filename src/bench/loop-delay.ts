import { monitorEventLoopDelay, type RecordableHistogram } from 'node:perf_hooks';

/** How often the loop is sampled: every millisecond, so a block of a few ms is seen. */
export const SAMPLE_EVERY_MS = 1;

/** How late the loop was, as max and p99, in ms; and the p99 of the raw intervals between samples. */
export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
  p99IntervalMs: number;
}

/** A histogram that samples the loop every `SAMPLE_EVERY_MS`; enable it to start. */
export const loopSampler = () => monitorEventLoopDelay({ resolution: SAMPLE_EVERY_MS });

/**
 * Node's histogram records the time between two samples, which includes the
 * interval the sampler asked for: an idle loop sampled every 1 ms reads ~1.1 ms.
 * The delay is what came on top of that interval (as fastify's under-pressure
 * reads it), so an idle loop reads ~0.
 */
export function delayOf(intervals: Pick<RecordableHistogram, 'max' | 'percentile'>): LoopDelay {
  const late = (intervalNs: number) => Math.max(0, intervalNs / 1e6 - SAMPLE_EVERY_MS);
  const p99IntervalNs = intervals.percentile(99);
  return { maxMs: late(intervals.max), p99Ms: late(p99IntervalNs), p99IntervalMs: p99IntervalNs / 1e6 };
}
