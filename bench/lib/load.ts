// Small statistics and timing helpers of the in-process benchmarks. Load from outside (HTTP under
// concurrency) is bench/lib/wrk.ts: wrk in its own process, never a generator on the server's loop.

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Times fn `iterations` times after `warmup` runs; returns per-call milliseconds. `before` runs ahead of
 * every call, untimed (to set up what the call should meet, e.g. a cold cache). */
export async function timeCalls(
  fn: () => unknown,
  iterations: number,
  warmup = Math.min(50, iterations),
  before?: () => unknown,
): Promise<number[]> {
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
