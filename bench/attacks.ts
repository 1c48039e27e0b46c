// `npm run bench attacks`: the hostile traffic of RELIABILITY.md "Hostile traffic", each attack from
// a process of its own (a child process, or wrk) against the real server (`recipal serve` with its
// default WORKERS unless WORKERS is set: one process on SQLite, one per core on PostgreSQL), on
// SQLite, or on PostgreSQL when DATABASE_URL is a postgres:// URL (a schema of its own, dropped at the
// end). Meanwhile this process reads (GET /v1/ingredients/{id}) and writes (PUT of the same
// ingredient) another account's ingredient, one request at a time, each on a new connection from
// another client address (127.0.0.2), and times every answer. Attacks: 64 keep-alive connections on
// the SVG embed of a 100-line recipe (wrk), with the embed limits at their defaults and raised out
// of the way; slow and unfinished bodies; the import attacks (an XLSX with a cell at XFD1 and 100 or
// 1,000 rows, a CSV header of 100,000 unknown columns, an XLSX unpacking to 150 MB of whitespace, an
// XLSX of 400 rows all numbered 1, four parallel 10,000-row dry runs, four accounts applying
// 10,000-row imports); the validation attacks (20,000 unknown allergen names, an 840 KB `names`
// object, a shortcut of 200,000 ids, a JSON list of 125,000 tags); and a backend's keep-alive pool of
// 200 connections from one address. Prints p50/p99/worst of reads and writes per attack, and the
// probe's 5xx; the goal is p99 < 1 s with no 5xx. Needs wrk.
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

const attacker = (name: string, keys?: (seed: AttacksSeed) => string) => async (server: Serve, seed: AttacksSeed) => {
  const script = fileURLToPath(new URL('./lib/attacker.ts', import.meta.url));
  const key = keys ? keys(seed) : seed.attackerKey;
  const out = await runProcess(process.execPath, ['--import', 'tsx', script, name, server.url, key, String(SECONDS)]);
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
  { name: 'XLSX, 400 rows all numbered 1', start: attacker('xlsx-400-rows-numbered-1') },
  { name: 'four parallel 10,000-row dry runs', start: attacker('four-10000-row-dry-runs') },
  {
    name: 'four accounts applying 10,000-row imports',
    start: attacker('four-accounts-10000-row-imports', (seed) => seed.importerKeys.join(',')),
  },
  { name: '20,000 unknown allergen names (POST and PUT)', start: attacker('allergens-20000-unknown') },
  { name: 'names object of 840 KB', start: attacker('names-840-kb') },
  { name: 'shortcut of 200,000 ids', start: attacker('shortcut-200000-ids') },
  { name: 'JSON list of 125,000 tags', start: attacker('json-list-125000') },
  { name: 'keep-alive pool of 200 connections from one address', start: attacker('keepalive-pool-200') },
];

/** One request of the bystander on a new connection from 127.0.0.2: its time in ms, or the timeout. */
function probeOnce(server: Serve, seed: AttacksSeed, write: boolean): Promise<{ ms: number; status: string }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const done = (status: string) => resolve({ ms: performance.now() - start, status });
    const req = request(`${server.url}/v1/ingredients/${seed.probeIngredient}`, {
      method: write ? 'PUT' : 'GET',
      agent: false,
      localAddress: '127.0.0.2',
      headers: { authorization: `Token token=${seed.probeKey}`, ...(write ? { 'content-type': 'application/json' } : {}) },
      timeout: PROBE_TIMEOUT_MS,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done(String(res.statusCode)));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done('no answer'));
    req.end(write ? JSON.stringify({ brand: `Brand ${Math.floor(Math.random() * 1000)}` }) : undefined);
  });
}

interface Probed {
  reads: number[];
  writes: number[];
  statuses: Record<string, number>;
}

async function probeWhile(server: Serve, seed: AttacksSeed, running: Promise<unknown>): Promise<Probed> {
  let over = false;
  void running.finally(() => (over = true));
  const probed: Probed = { reads: [], writes: [], statuses: {} };
  for (let i = 0; !over && i < 100_000; i++) {
    const write = i % 2 === 1;
    const probe = await probeOnce(server, seed, write);
    (write ? probed.writes : probed.reads).push(probe.ms);
    const status = `${write ? 'PUT' : 'GET'} ${probe.status}`;
    probed.statuses[status] = (probed.statuses[status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return probed;
}

/** "p50 / p99 / worst" of one kind of probe. */
const figures = (ms: number[]) =>
  ms.length === 0 ? '-' : `${fmt(percentile(ms, 50), 1)} / ${fmt(percentile(ms, 99), 1)} / ${fmt(Math.max(...ms), 1)}`;

const fiveHundreds = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .filter(([status]) => / 5\d\d$/.test(status) || status.endsWith('no answer'))
    .reduce((n, [, count]) => n + count, 0);

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([s, n]) => `${s} x${n}`)
    .join(', ');

/** A fresh place for the data: a SQLite file, or a schema of its own on the PostgreSQL of DATABASE_URL. */
async function freshDatabase(): Promise<{ url: string; kind: string; drop(): Promise<void> }> {
  const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : null;
  if (postgres) {
    const { default: pg } = await import('pg');
    const schema = `bench_attacks_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public').catch(() => undefined);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const url = `${postgres}${postgres.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
    return {
      url,
      kind: 'PostgreSQL',
      drop: async () => {
        const client = new pg.Client({ connectionString: postgres });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-attacks-'));
  return { url: join(dir, 'attacks.db'), kind: 'SQLite', drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** `attack`: run only the attacks whose name contains it (any case; `npm run bench -- attacks --attack TEXT`). */
export async function run(options: { attack?: string } = {}): Promise<void> {
  const only = options.attack?.toLowerCase();
  const attacks = only === undefined ? ATTACKS : ATTACKS.filter((a) => a.name.toLowerCase().includes(only));
  if (attacks.length === 0)
    throw new Error(`no attack's name contains "${options.attack}"; attacks: ${ATTACKS.map((a) => a.name).join('; ')}`);
  ensureWrk();
  const database = await freshDatabase();
  const seed = await seedAttacksDatabase(database.url);
  // WORKERS from the environment, else the server's own default for the database.
  const workers = process.env.WORKERS;
  const serverEnv = (env?: Record<string, string>) => ({ ...(workers ? { WORKERS: workers } : {}), ...env });
  console.log(
    `\n## Hostile traffic: recipal serve (WORKERS=${workers ?? 'default'}, ${database.kind}), ${SECONDS} s per attack, each from its own process`,
  );
  console.log(
    `probe: another account's ingredient, GET and PUT in turn, one at a time, each on a new connection from 127.0.0.2; goal p99 < ${GOAL_MS} ms, no 5xx\n`,
  );
  console.log(
    '| attack | probes | reads p50 / p99 / worst ms | writes p50 / p99 / worst ms | probe 5xx | probe answers | attack answers |\n|---|---:|---|---|---:|---|---|',
  );
  const line = (name: string, probed: Probed, answers: string) => {
    const over = [probed.reads, probed.writes].some((ms) => ms.length > 0 && percentile(ms, 99) >= GOAL_MS);
    console.log(
      `| ${name}${over ? ' (over goal)' : ''} | ${probed.reads.length + probed.writes.length} | ${figures(probed.reads)} | ${figures(probed.writes)} | ${fiveHundreds(probed.statuses)} | ${statusText(probed.statuses)} | ${answers} |`,
    );
  };
  try {
    const idleServer = await startServe(database.url, serverEnv());
    try {
      line('none (idle)', await probeWhile(idleServer, seed, new Promise((resolve) => setTimeout(resolve, 3000))), '');
    } finally {
      await idleServer.stop();
    }
    for (const attack of attacks) {
      // A fresh server per attack: one attack's leftovers (memory, queues) never weigh on the next.
      const server = await startServe(database.url, serverEnv(attack.env));
      try {
        const running = attack.start(server, seed);
        const probed = await probeWhile(server, seed, running);
        line(attack.name, probed, await running);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
