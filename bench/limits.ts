// The cost of the request limiter. The same authenticated route
// (GET /v1/ingredients/{id}) with limits off, with the default store and with Redis, measured in
// rounds that alternate the three servers so drift on the shared machine hits them all alike.
// Each request comes from one of 500 accounts in turn (each reading its own ingredient), as real
// traffic does: one account would keep one counter hot and hide the per-account costs.
// Goal: each store keeps >= 0.90x the throughput of limits off.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type ChildServer } from './lib/child.js';
import { limiterAlone } from './lib/limiter-alone.js';
import { fmt } from './lib/load.js';
import { alternate, median } from './lib/wrk.js';

type Info = { port: number; accounts: { key: string; id: number }[] };

/** wrk's requests file: every request from a random one of the server's accounts, reading its own ingredient. */
function accountsFile(dir: string, mode: string, info: Info): string {
  const path = join(dir, `${mode}.tsv`);
  writeFileSync(path, info.accounts.map((a) => `GET\t/v1/ingredients/${a.id}\t${a.key}\t\n`).join(''));
  return path;
}
const ROUNDS = 6;
const SECONDS = 3;

async function redisAvailable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function run(): Promise<void> {
  console.log('\n## Request limiter: GET /v1/ingredients/{id} with limits off vs on (SQLite)');
  const modes = ['off', 'database', ...((await redisAvailable()) ? ['redis'] : [])];
  if (!modes.includes('redis')) console.log('(Redis not reachable: the Redis store is not measured)');
  const servers = new Map<string, ChildServer<Info>>();
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-limits-wrk-'));
  for (const mode of modes) servers.set(mode, await startChild<Info>('limits-api.ts', { LIMITS: mode }));
  let results: Awaited<ReturnType<typeof alternate>>;
  try {
    // wrk in its own process; server CPU per request is steadier than throughput on a shared machine.
    results = await alternate(
      [...servers].map(([mode, server]) => ({
        name: mode,
        pids: [server.process.pid!],
        wrk: {
          url: `http://127.0.0.1:${server.info.port}`,
          requestsFile: accountsFile(dir, mode, server.info),
          connections: 32,
          seconds: SECONDS,
        },
      })),
      ROUNDS,
    );
  } finally {
    for (const server of servers.values()) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const off = median(results.get('off')!.map((r) => r.requestsPerSecond));
  const offCpu = median(results.get('off')!.map((r) => r.cpuMsPer1000));
  console.log(
    `wrk -t1 -c32, requests from ${servers.get('off')!.info.accounts.length} accounts at random, ${ROUNDS} alternating rounds of ${SECONDS} s per mode; medians`,
  );
  for (const mode of modes) {
    const runs = results.get(mode)!;
    const rps = median(runs.map((r) => r.requestsPerSecond));
    const p99 = median(runs.map((r) => r.p99Ms));
    const non2xx = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
    // Per-round ratios show the noise of the shared machine next to the median.
    const rounds = runs.map((r, i) => r.requestsPerSecond / results.get('off')![i]!.requestsPerSecond);
    const spread = `rounds ${fmt(Math.min(...rounds))}-${fmt(Math.max(...rounds))}`;
    const ratio = mode === 'off' ? '' : `  ratio ${fmt(rps / off)}x of off (goal >= 0.90x; ${spread})`;
    console.log(`limits ${mode.padEnd(6)} ${fmt(rps, 0).padStart(6)} req/s  p99 ${fmt(p99)} ms  non-2xx ${non2xx}${ratio}`);
    const cpu = median(runs.map((r) => r.cpuMsPer1000));
    const cpuRatio =
      mode === 'off' ? '' : `  -> throughput bound ${fmt(offCpu / cpu)}x of off; the limiter costs ${fmt(cpu - offCpu, 1)} µs/request`;
    console.log(`              server CPU ${fmt(cpu, 1)} µs/request${cpuRatio}`);
  }
  const accounts = servers.get('off')!.info.accounts.length;
  console.log(
    `default store alone (no HTTP), ${accounts} accounts in turn: ${fmt(await limiterAlone(accounts), 2)} µs CPU per request (median of 5 rounds of 100,000)`,
  );
}
