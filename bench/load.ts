// One box, many accounts. ACCOUNTS accounts (default 1,000) on the default
// SQLite server run as operators run it (`recipal serve`, WORKERS processes, default one per core),
// loaded by wrk from its own process with a mixed workload in which every request picks a random
// account and a request kind by weight (the mix below, modelled on ReciPal's usage). Reports:
// - each request kind alone (8 connections): req/s, p99 and server CPU per 1,000 requests, which
//   shows what stands in the way of the goal;
// - the mix at rising concurrency, and the highest rate with p99 <= 50 ms and no errors, as
//   accounts at ReciPal's full rate (1,000 requests a minute each) and against bare fastify
//   serving an ingredient's body in the same run (one process, 32 connections);
// - the server's resident memory (all its processes) after the runs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './lib/child.js';
import { fmt } from './lib/load.js';
import { seedLoadDatabase, type SeededAccount } from './lib/load-seed.js';
import { memoryEach, startServe } from './lib/serve.js';
import { cpuSeconds, ensureWrk, runWrk, type WrkResult } from './lib/wrk.js';

const ACCOUNTS = Number(process.env.LOAD_ACCOUNTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const FULL_RATE_PER_ACCOUNT = 1000 / 60; // ReciPal: 1,000 requests a minute
const P99_GOAL_MS = 50;
const STEPS = [2, 4, 8, 16, 32, 64];

// Every required nutrient (docs/api.md#ingredients), per 100 g.
const NUTRIENT_JSON =
  '"calories":400,"protein":10,"fat":1,"fat_saturated":0.2,"fat_trans":0,"cholesterol":0,"carbohydrate":80,"fiber":3,"sugar":1,"added_sugar":0,"sodium":2,"calcium":15,"iron":4,"vitamin_a_IU":0,"vitamin_c":0';

type Line = (a: SeededAccount, n: number) => string;
const get =
  (path: string): Line =>
  (a) =>
    `GET\t${path}\t${a.key}\t`;

/** Request kinds and their share of the mix (percent). PNG: 1 per account per minute at full rate. */
const KINDS: { name: string; weight: number; line: Line }[] = [
  { name: 'GET ingredient', weight: 44.9, line: (a, n) => get(`/v1/ingredients/${a.ingredients[n % a.ingredients.length]}`)(a, n) },
  { name: 'GET recipe (3 lines)', weight: 25, line: (a, n) => get(`/v1/recipes/${a.recipe}`)(a, n) },
  { name: 'GET /v1/ingredients (page)', weight: 5, line: get('/v1/ingredients') },
  { name: 'GET /v1/recipes (page)', weight: 5, line: get('/v1/recipes') },
  { name: 'search own ingredients', weight: 5, line: get('/v1/ingredients/search?q=flour') },
  {
    name: 'POST ingredient',
    weight: 10,
    line: (a, n) =>
      `POST\t/v1/ingredients\t${a.key}\t{"ingredient":{"name":"Load ${n}","description1":"1 cup","weight1":120,${NUTRIENT_JSON}}}`,
  },
  { name: 'label data (3 lines)', weight: 3, line: (a, n) => get(`/v1/recipes/${a.recipe}/label`)(a, n) },
  { name: 'label SVG', weight: 2, line: (a, n) => get(`/v1/recipes/${a.recipe}/label.svg`)(a, n) },
  { name: 'label PNG', weight: 0.1, line: (a, n) => get(`/v1/recipes/${a.recipe}/label.png`)(a, n) },
];

function requestsFile(dir: string, name: string, accounts: SeededAccount[], kinds: typeof KINDS, lines = 20_000): string {
  const total = kinds.reduce((s, k) => s + k.weight, 0);
  const out: string[] = [];
  for (let n = 0; n < lines; n++) {
    let pick = Math.random() * total;
    const kind = kinds.find((k) => (pick -= k.weight) < 0) ?? kinds[kinds.length - 1]!;
    out.push(kind.line(accounts[Math.floor(Math.random() * accounts.length)]!, n));
  }
  const path = join(dir, `${name}.tsv`);
  writeFileSync(path, `${out.join('\n')}\n`);
  return path;
}

const clean = (r: WrkResult) => r.non2xx === 0 && r.errors === 0;

export async function run(): Promise<void> {
  ensureWrk();
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-load-'));
  const dbPath = join(dir, 'load.db');
  const seedStart = Date.now();
  const accounts = await seedLoadDatabase(dbPath, ACCOUNTS);
  console.log(
    `\n## Load: ${ACCOUNTS} accounts, mixed workload, recipal serve on SQLite (seeded in ${fmt((Date.now() - seedStart) / 1000, 1)} s)`,
  );
  const server = await startServe(dbPath);
  // A cluster is its primary and the workers; WORKERS=1 is one process that serves.
  const workers = Math.max(1, server.pids().length - 1);
  const memoryAtStart = memoryEach(server.pids());
  const sample = await (
    await fetch(`${server.url}/v1/ingredients/${accounts[0]!.ingredients[0]}`, {
      headers: { authorization: `Token token=${accounts[0]!.key}` },
    })
  ).text();
  const bare = await startChild<{ port: number }>('bare.ts', { BARE_PAYLOAD: sample });
  try {
    // Every kind answers 2xx before anything is timed.
    for (const kind of KINDS) {
      const [method, path, key, body] = kind.line(accounts[1]!, 0).split('\t');
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Token token=${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body || undefined,
      });
      if (res.status >= 300) throw new Error(`${kind.name}: ${res.status} ${await res.text()}`);
    }
    console.log(
      `server: ${workers} worker process${workers === 1 ? '' : 'es'} (WORKERS); wrk -t1 in its own process; ${SECONDS} s per run; other jobs may share the machine`,
    );

    console.log('\n| request kind alone (8 connections) | req/s | p99 ms | server CPU ms per 1,000 requests |\n|---|---:|---:|---:|');
    for (const kind of KINDS) {
      const file = requestsFile(dir, kind.name.replace(/\W+/g, '-'), accounts, [kind], 5000);
      await runWrk({ url: server.url, requestsFile: file, connections: 8, seconds: 1 });
      const before = cpuSeconds(server.pids());
      const r = await runWrk({ url: server.url, requestsFile: file, connections: 8, seconds: SECONDS });
      const cpu = ((cpuSeconds(server.pids()) - before) * 1e6) / r.requests;
      console.log(
        `| ${kind.name} | ${fmt(r.requestsPerSecond, 0)} | ${fmt(r.p99Ms, 1)} | ${fmt(cpu, 0)}${clean(r) ? '' : ` (non-2xx ${r.non2xx}, errors ${r.errors})`} |`,
      );
    }

    const mix = requestsFile(dir, 'mix', accounts, KINDS);
    const baseline = await runWrk({ url: `http://127.0.0.1:${bare.info.port}/bare/1`, connections: 32, seconds: SECONDS });
    console.log(
      `\nbare fastify (one process, same ${sample.length}-byte ingredient body, 32 connections): ${fmt(baseline.requestsPerSecond, 0)} req/s, p99 ${fmt(baseline.p99Ms, 1)} ms`,
    );
    console.log(
      '\n| mix, connections | req/s | p50 ms | p99 ms | server CPU ms per 1,000 requests | non-2xx | socket errors |\n|---:|---:|---:|---:|---:|---:|---:|',
    );
    let best: WrkResult | null = null;
    for (const connections of STEPS) {
      await runWrk({ url: server.url, requestsFile: mix, connections, seconds: 1 });
      const before = cpuSeconds(server.pids());
      const r = await runWrk({ url: server.url, requestsFile: mix, connections, seconds: SECONDS });
      const cpu = ((cpuSeconds(server.pids()) - before) * 1e6) / r.requests;
      console.log(
        `| ${connections} | ${fmt(r.requestsPerSecond, 0)} | ${fmt(r.p50Ms, 1)} | ${fmt(r.p99Ms, 1)} | ${fmt(cpu, 0)} | ${r.non2xx} | ${r.errors} |`,
      );
      if (clean(r) && r.p99Ms <= P99_GOAL_MS && (!best || r.requestsPerSecond > best.requestsPerSecond)) best = r;
    }
    const memory = memoryEach(server.pids());
    if (best) {
      const fullRateAccounts = best.requestsPerSecond / FULL_RATE_PER_ACCOUNT;
      console.log(
        `\nhighest sustained rate with p99 <= ${P99_GOAL_MS} ms and no errors: ${fmt(best.requestsPerSecond, 0)} req/s (p99 ${fmt(best.p99Ms, 1)} ms)`,
      );
      console.log(
        `= ${fmt(fullRateAccounts, 0)} accounts at ReciPal's full rate of 1,000 requests a minute (goal ${ACCOUNTS}: ${fmt(ACCOUNTS * FULL_RATE_PER_ACCOUNT, 0)} req/s); ${fmt(best.requestsPerSecond / baseline.requestsPerSecond)}x bare fastify's req/s`,
      );
    } else {
      console.log(`\nno run kept p99 <= ${P99_GOAL_MS} ms without errors`);
    }
    console.log(`server RSS at start: ${memoryAtStart}; after the runs: ${memory} (goal <= 200 MB)`);
  } finally {
    await bare.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
