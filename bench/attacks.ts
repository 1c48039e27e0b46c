// `npm run bench attacks`: the hostile traffic of RELIABILITY.md "Hostile traffic", each attack from
// a process of its own against the real server (`recipal serve`, WORKERS=1 unless WORKERS is set,
// SQLite), while this process asks, one request at a time and each on a new connection from another
// client address (127.0.0.2), for another account's ingredient (GET /v1/ingredients/{id}), and times
// every answer. Attacks: 64 keep-alive connections on the SVG embed of a 100-line recipe (wrk), with
// the embed limits at their defaults and raised out of the way (the event-loop turns alone); slow and
// unfinished bodies; and the import attacks (an XLSX with a cell at XFD1 and 100 or 1,000 rows, a
// CSV header of 100,000 unknown columns, an XLSX unpacking to 150 MB of whitespace, four parallel
// 10,000-row dry runs). Prints p50/p99/worst per attack; the goal is p99 < 1 s. Needs wrk.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedAttacksDatabase, type AttacksSeed } from './lib/attacks-seed.js';
import { fmt, percentile } from './lib/load.js';
import { startServe, type Serve } from './lib/serve.js';
import { ensureWrk } from './lib/wrk.js';

const SECONDS = Number(process.env.ATTACK_SECONDS ?? 15);
const GOAL_MS = 1000;
const PROBE_TIMEOUT_MS = 60_000;

interface Attack {
  name: string;
  /** Server settings for this attack (a server is started per distinct setting). */
  env?: Record<string, string>;
  start(server: Serve, seed: AttacksSeed): Promise<string>;
}

function runProcess(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve(out));
  });
}

const attacker = (name: string) => async (server: Serve, seed: AttacksSeed) => {
  const script = fileURLToPath(new URL('./lib/attacker.ts', import.meta.url));
  const out = await runProcess(process.execPath, ['--import', 'tsx', script, name, server.url, seed.attackerKey, String(SECONDS)]);
  return /^ANSWERS (.*)$/m.exec(out)?.[1] ?? out.trim();
};

const embedFlood = async (server: Serve, seed: AttacksSeed) => {
  const out = await runProcess('wrk', ['-t2', '-c64', `-d${SECONDS}s`, '--timeout', '30s', `${server.url}/embed/${seed.embedToken}.svg`]);
  const requests = /(\d+) requests in/.exec(out)?.[1];
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  const errors = /Socket errors: (.*)/.exec(out)?.[1] ?? 'none';
  return `${requests} answers, ${non2xx} non-2xx; socket errors: ${errors}`;
};

const ATTACKS: Attack[] = [
  { name: 'embed flood, 64 keep-alive connections (default limits)', start: embedFlood },
  {
    name: 'embed flood, 64 keep-alive connections (embed limits raised)',
    env: {
      EMBED_REQUESTS_PER_MINUTE_PER_ADDRESS: '100000000',
      EMBED_REQUESTS_PER_MINUTE_PER_TOKEN: '100000000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
    },
    start: embedFlood,
  },
  { name: 'slow and unfinished bodies (100 connections)', start: attacker('slow-bodies') },
  { name: 'XLSX, cell at XFD1, 100 rows', start: attacker('xlsx-xfd1-100-rows') },
  { name: 'XLSX, cell at XFD1, 1,000 rows', start: attacker('xlsx-xfd1-1000-rows') },
  { name: 'CSV, 100,000 unknown header columns', start: attacker('csv-100000-unknown-columns') },
  { name: 'XLSX unpacking to 150 MB of whitespace', start: attacker('xlsx-zip-bomb') },
  { name: 'four parallel 10,000-row dry runs', start: attacker('four-10000-row-dry-runs') },
];

/** One GET of the bystander's ingredient on a new connection from 127.0.0.2: its time in ms, or the timeout. */
function probeOnce(server: Serve, seed: AttacksSeed): Promise<{ ms: number; status: string }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const done = (status: string) => resolve({ ms: performance.now() - start, status });
    const req = request(`${server.url}/v1/ingredients/${seed.probeIngredient}`, {
      agent: false,
      localAddress: '127.0.0.2',
      headers: { authorization: `Token token=${seed.probeKey}` },
      timeout: PROBE_TIMEOUT_MS,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done(String(res.statusCode)));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done('no answer'));
    req.end();
  });
}

async function probeWhile(
  server: Serve,
  seed: AttacksSeed,
  running: Promise<unknown>,
): Promise<{ ms: number[]; statuses: Record<string, number> }> {
  let over = false;
  void running.finally(() => (over = true));
  const ms: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = 0; !over && i < 100_000; i++) {
    const probe = await probeOnce(server, seed);
    ms.push(probe.ms);
    statuses[probe.status] = (statuses[probe.status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ms, statuses };
}

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([s, n]) => `${s} x${n}`)
    .join(', ');

/** `attack`: run only the attacks whose name contains it (any case; `npm run bench -- attacks --attack TEXT`). */
export async function run(options: { attack?: string } = {}): Promise<void> {
  const only = options.attack?.toLowerCase();
  const attacks = only === undefined ? ATTACKS : ATTACKS.filter((a) => a.name.toLowerCase().includes(only));
  if (attacks.length === 0)
    throw new Error(`no attack's name contains "${options.attack}"; attacks: ${ATTACKS.map((a) => a.name).join('; ')}`);
  ensureWrk();
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-attacks-'));
  const dbPath = join(dir, 'attacks.db');
  const seed = await seedAttacksDatabase(dbPath);
  const workers = process.env.WORKERS ?? '1';
  console.log(`\n## Hostile traffic: recipal serve (WORKERS=${workers}, SQLite), ${SECONDS} s per attack, each from its own process`);
  console.log(
    `probe: GET /v1/ingredients/{id} of another account, one at a time, each on a new connection from 127.0.0.2; goal p99 < ${GOAL_MS} ms\n`,
  );
  console.log('| attack | probes | p50 ms | p99 ms | worst ms | probe answers | attack answers |\n|---|---:|---:|---:|---:|---|---|');
  try {
    const idleServer = await startServe(dbPath, { WORKERS: workers });
    try {
      const idle = await probeWhile(idleServer, seed, new Promise((resolve) => setTimeout(resolve, 3000)));
      console.log(
        `| none (idle) | ${idle.ms.length} | ${fmt(percentile(idle.ms, 50), 1)} | ${fmt(percentile(idle.ms, 99), 1)} | ${fmt(Math.max(...idle.ms), 1)} | ${statusText(idle.statuses)} | |`,
      );
    } finally {
      await idleServer.stop();
    }
    for (const attack of attacks) {
      // A fresh server per attack: one attack's leftovers (memory, queues) never weigh on the next.
      const server = await startServe(dbPath, { WORKERS: workers, ...attack.env });
      try {
        const running = attack.start(server, seed);
        const probed = await probeWhile(server, seed, running);
        const answers = await running;
        const p99 = percentile(probed.ms, 99);
        console.log(
          `| ${attack.name} | ${probed.ms.length} | ${fmt(percentile(probed.ms, 50), 1)} | ${fmt(p99, 1)}${p99 < GOAL_MS ? '' : ' (over goal)'} | ${fmt(Math.max(...probed.ms), 1)} | ${statusText(probed.statuses)} | ${answers} |`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
