// Render starvation: 8 anonymous clients hammer the embed PNG of the deep benchmark
// recipe at zoom 6 (wrk, its own process) while this process asks, one at a time, for another
// account's small label PNG and the owner's own label.png (zoom 3), and times each answer.
// The server is its own process too (bench/servers/starvation-api.ts, RENDER_THREADS=2).
// Two loads: "same image" (every client the same URL: the embed cache's case) and "distinct
// images" (8 embed tokens, every request a different zoom from 5 to 6: no two images alike, so
// only the fair queue, the anonymous share and the per-token rate stand between the load and the
// accounts). Prints p50/p99/worst latency and status counts; record them in RELIABILITY.md.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startChild } from './lib/child.js';
import { fmt, percentile } from './lib/load.js';

const SECONDS = Number(process.env.STARVATION_SECONDS ?? 20);
const CLIENTS = 8;

interface ServerInfo {
  port: number;
  ownerKey: string;
  otherKey: string;
  ownerSmall: number;
  otherSmall: number;
  embedTokens: string[];
}

interface WrkResult {
  statuses: Record<string, number>;
  latency: { p50: number; p99: number; max: number };
  socketErrors: number;
  timeouts: number;
}

function runWrk(base: string, paths: string[], randomZoom: boolean, seconds: number): Promise<WrkResult> {
  const script = fileURLToPath(new URL('./lib/wrk-embeds.lua', import.meta.url));
  const env = { ...process.env, EMBED_PATHS: paths.join(' '), ...(randomZoom ? { RANDOM_ZOOM: '1' } : {}) };
  const child = spawn('wrk', ['-t2', `-c${CLIENTS}`, `-d${seconds}s`, '--timeout', '120s', '-s', script, base], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}: ${out}`));
      const statuses: Record<string, number> = {};
      for (const m of out.matchAll(/^STATUS (\d+) (\d+)$/gm)) statuses[m[1]!] = Number(m[2]);
      const lat = /^LATENCY ([\d.]+) ([\d.]+) ([\d.]+)$/m.exec(out);
      const errors = /^ERRORS (\d+) (\d+)$/m.exec(out);
      resolve({
        statuses,
        latency: { p50: Number(lat?.[1]), p99: Number(lat?.[2]), max: Number(lat?.[3]) },
        socketErrors: Number(errors?.[1] ?? 0),
        timeouts: Number(errors?.[2] ?? 0),
      });
    });
  });
}

interface Probe {
  name: string;
  url: string;
  key: string;
  ms: number[];
  statuses: Record<string, number>;
}

async function probeOnce(probe: Probe): Promise<void> {
  const start = process.hrtime.bigint();
  let status: string;
  try {
    const res = await fetch(probe.url, { headers: { authorization: `Token token=${probe.key}` }, signal: AbortSignal.timeout(120_000) });
    await res.arrayBuffer();
    status = String(res.status);
  } catch {
    status = 'no answer';
  }
  probe.ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  probe.statuses[status] = (probe.statuses[status] ?? 0) + 1;
}

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort()
    .map(([s, n]) => `${s} x${n}`)
    .join(', ');

function report(probe: Probe): string {
  const { ms } = probe;
  return `${probe.name.padEnd(34)} n=${String(ms.length).padStart(3)}  p50 ${fmt(percentile(ms, 50), 0).padStart(6)} ms  p99 ${fmt(percentile(ms, 99), 0).padStart(6)} ms  worst ${fmt(Math.max(...ms), 0).padStart(6)} ms  [${statusText(probe.statuses)}]`;
}

async function scenario(info: ServerInfo, label: string, paths: string[], randomZoom: boolean): Promise<void> {
  const base = `http://127.0.0.1:${info.port}`;
  const probes: Probe[] = [
    {
      name: "another account's label.png",
      url: `${base}/v1/recipes/${info.otherSmall}/label.png`,
      key: info.otherKey,
      ms: [],
      statuses: {},
    },
    { name: "the owner's own label.png", url: `${base}/v1/recipes/${info.ownerSmall}/label.png`, key: info.ownerKey, ms: [], statuses: {} },
  ];
  // Idle figures first, the same requests with no load.
  const idle = probes.map((p) => ({ ...p, name: `${p.name} (idle)`, ms: [] as number[], statuses: {} }));
  for (let i = 0; i < 10; i++) for (const p of idle) await probeOnce(p);
  const load = runWrk(base, paths, randomZoom, SECONDS);
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // let the load build up
  const until = Date.now() + (SECONDS - 2) * 1000;
  for (let i = 0; Date.now() < until; i++) await probeOnce(probes[i % 2]!);
  const anonymous = await load;
  console.log(`\n### ${label}: ${CLIENTS} anonymous clients, ${SECONDS} s`);
  for (const p of [...idle, ...probes]) console.log(report(p));
  const total = Object.values(anonymous.statuses).reduce((a, b) => a + b, 0);
  console.log(
    `${'anonymous embed PNGs (wrk)'.padEnd(34)} n=${total}  p50 ${fmt(anonymous.latency.p50, 0)} ms  p99 ${fmt(anonymous.latency.p99, 0)} ms  worst ${fmt(anonymous.latency.max, 0)} ms  [${statusText(anonymous.statuses)}; socket errors ${anonymous.socketErrors}, timeouts ${anonymous.timeouts}]`,
  );
}

export async function run(): Promise<void> {
  const server = await startChild<ServerInfo>('starvation-api.ts', { RENDER_THREADS: '2', EMBED_TOKENS: String(CLIENTS) });
  try {
    const info = server.info;
    console.log(
      `\n## Render starvation (server: RENDER_THREADS=2, SQLite; deep recipe embed PNG at zoom 6; probes at zoom 3, one at a time)`,
    );
    await scenario(info, 'same image (one embed token, zoom 6)', [`/embed/${info.embedTokens[0]}.png`], false);
    await scenario(
      info,
      `distinct images (${CLIENTS} embed tokens, zoom 5-6 at random)`,
      info.embedTokens.map((t) => `/embed/${t}.png`),
      true,
    );
  } finally {
    await server.stop();
  }
}
