import autocannon from 'autocannon';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

/** What to load: one URL, one method, for a number of seconds. */
export const LoadSpec = z.object({
  url: z.url(),
  method: z.enum(['GET', 'POST']).default('GET'),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.string().optional(),
  connections: z.int().positive(),
  seconds: z.number().positive(),
});
export type LoadSpec = z.input<typeof LoadSpec>;

export const LoadResult = z.object({
  requestsPerSecond: z.number(),
  /** Latency percentiles in ms, from each response's own timing (autocannon's histogram rounds to whole ms). */
  p50: z.number(),
  p99: z.number(),
  failures: z.int(),
});
export type LoadResult = z.infer<typeof LoadResult>;

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export async function runLoad(input: LoadSpec): Promise<LoadResult> {
  const spec = LoadSpec.parse(input);
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
        connections: spec.connections,
        duration: spec.seconds,
      },
      (error: Error | null, finished) => {
        if (error) reject(error);
        else resolve(finished);
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

// Forked by server.bench.ts, so the load does not share the servers' event loop:
// one process for the whole bench, answering each spec it is sent with its result.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.on('message', (message) => {
    runLoad(LoadSpec.parse(message)).then(
      (result) => process.send?.(result),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
