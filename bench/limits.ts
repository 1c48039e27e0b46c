// Issue 6 benchmark: the cost of the request limiter. The same authenticated route
// (GET /v1/ingredients/{id}) with limits off, with the in-process store and with Redis, measured in
// rounds that alternate the three servers so drift on the shared machine hits them all alike.
// Goal: each store keeps >= 0.90x the throughput of limits off.
import { readFileSync } from 'node:fs';
import { startChild, type ChildServer } from './lib/child.js';
import { fmt, load, type LoadResult } from './lib/load.js';

type Info = { port: number; key: string; id: number };
const ROUNDS = 6;
const SECONDS = 3;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function redisAvailable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
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
  const modes = ['off', 'memory', ...((await redisAvailable()) ? ['redis'] : [])];
  if (!modes.includes('redis')) console.log('(Redis not reachable: the Redis store is not measured)');
  const servers = new Map<string, ChildServer<Info>>();
  for (const mode of modes) servers.set(mode, await startChild<Info>('limits-api.ts', { LIMITS: mode }));
  const results = new Map<string, LoadResult[]>(modes.map((m) => [m, []]));
  // Server CPU per request: steadier than throughput when other jobs share the machine.
  const cpuPerRequest = new Map<string, number[]>(modes.map((m) => [m, []]));
  try {
    for (const server of servers.values()) {
      await load(`http://127.0.0.1:${server.info.port}/v1/ingredients/${server.info.id}`, { headers: { authorization: `Token token=${server.info.key}` }, seconds: 1 }); // warm-up
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [mode, server] of servers) {
        const headers = { authorization: `Token token=${server.info.key}` };
        const before = cpuSeconds(server.process.pid!);
        const result = await load(`http://127.0.0.1:${server.info.port}/v1/ingredients/${server.info.id}`, { headers, seconds: SECONDS });
        results.get(mode)!.push(result);
        cpuPerRequest.get(mode)!.push(((cpuSeconds(server.process.pid!) - before) * 1e6) / (result.requestsPerSecond * SECONDS));
      }
    }
  } finally {
    for (const server of servers.values()) await server.stop();
  }
  const off = median(results.get('off')!.map((r) => r.requestsPerSecond));
  const offCpu = median(cpuPerRequest.get('off')!);
  console.log(`10 connections, ${ROUNDS} alternating rounds of ${SECONDS} s per mode; medians`);
  for (const mode of modes) {
    const runs = results.get(mode)!;
    const rps = median(runs.map((r) => r.requestsPerSecond));
    const p99 = median(runs.map((r) => r.p99Ms));
    const non2xx = runs.reduce((n, r) => n + r.non2xx, 0);
    // Per-round ratios show the noise of the shared machine next to the median.
    const rounds = runs.map((r, i) => r.requestsPerSecond / results.get('off')![i]!.requestsPerSecond);
    const spread = `rounds ${fmt(Math.min(...rounds))}-${fmt(Math.max(...rounds))}`;
    const ratio = mode === 'off' ? '' : `  ratio ${fmt(rps / off)}x of off (goal >= 0.90x; ${spread})`;
    console.log(`limits ${mode.padEnd(6)} ${fmt(rps, 0).padStart(6)} req/s  p99 ${p99} ms  non-2xx ${non2xx}${ratio}`);
    const cpu = median(cpuPerRequest.get(mode)!);
    const cpuRatio = mode === 'off' ? '' : `  -> throughput bound ${fmt(offCpu / cpu)}x of off`;
    console.log(`              server CPU ${fmt(cpu, 1)} µs/request${cpuRatio}`);
  }
}
