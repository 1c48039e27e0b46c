// Load generation with autocannon against a server in another process (the load generator must
// not share the server's event loop), and small statistics helpers.
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export async function load(url: string, options: { headers?: Record<string, string>; connections?: number; seconds?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers: options.headers,
    connections: options.connections ?? 10,
    duration: options.seconds ?? 5,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Times fn `iterations` times after `warmup` runs; returns per-call milliseconds. `before` runs ahead of
 * every call, untimed (to set up what the call should meet, e.g. a cold cache). */
export async function timeCalls(fn: () => unknown, iterations: number, warmup = Math.min(50, iterations), before?: () => unknown): Promise<number[]> {
  for (let i = 0; i < warmup; i++) {
    await before?.();
    await fn();
  }
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    await before?.();
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);
