// The read path: authenticated GET /v1/ingredients/{id} against a bare fastify JSON route
// returning the same body, both servers in their own processes, loaded by wrk (1 thread,
// 32 connections) in alternating rounds of one run. Reports req/s, p50/p99 and server CPU per
// 1,000 requests for each; the goal is ours >= 0.5x the bare route's throughput. With
// BENCH_BEFORE=<another checkout> (e.g. `git archive` of an older commit, node_modules linked), that
// checkout's server joins the rounds as "before", so a change is measured against its baseline in one run.
// Besides the one ingredient read again and again, the same route is loaded with ids drawn at random
// from all 10,000 ("random ids"): what a read costs when the server has not just read that row
// (its ingredient memo, src/lib/row-memo.ts, then finds nothing).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './lib/child.js';
import { fmt } from './lib/load.js';
import { alternate, summary, type Measured } from './lib/wrk.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const line = (name: string, m: Measured) =>
  `${name.padEnd(14)}${fmt(m.requestsPerSecond, 0).padStart(7)} req/s  p50 ${fmt(m.p50Ms)} ms  p99 ${fmt(m.p99Ms)} ms  CPU ${fmt(m.cpuMsPer1000, 1)} ms per 1,000 requests  (non-2xx ${m.non2xx}, socket errors ${m.errors})`;

export async function run(): Promise<void> {
  console.log('\n## GET /v1/ingredients/{id} vs a bare fastify route (10,000 ingredients, SQLite, limits on)');
  const api = await startChild<{ port: number; key: string; firstId: number; count: number }>('api.ts', { SEED_INGREDIENTS: '10000' });
  const headers = { authorization: `Token token=${api.info.key}` };
  const url = `http://127.0.0.1:${api.info.port}/v1/ingredients/${api.info.firstId + 4999}`;
  const sample = await (await fetch(url, { headers })).text();
  const bare = await startChild<{ port: number }>('bare.ts', { BARE_PAYLOAD: sample });
  const beforeRoot = process.env.BENCH_BEFORE;
  const before = beforeRoot
    ? await startChild<{ port: number; key: string; firstId: number }>('api.ts', { SEED_INGREDIENTS: '10000' }, beforeRoot)
    : null;
  /** A wrk requests file: GETs of every seeded ingredient, one picked at random per request. */
  const randomIds = (key: string, firstId: number) => {
    const file = join(mkdtempSync(join(tmpdir(), 'recipal-bench-ids-')), 'requests.tsv');
    writeFileSync(file, Array.from({ length: api.info.count }, (_, i) => `GET\t/v1/ingredients/${firstId + i}\t${key}\t`).join('\n'));
    return file;
  };
  try {
    const wrk = { seconds: SECONDS, connections: 32, threads: 1 };
    const origin = (port: number) => `http://127.0.0.1:${port}`;
    const results = await alternate(
      [
        { name: 'bare', pids: [bare.process.pid!], wrk: { ...wrk, url: `http://127.0.0.1:${bare.info.port}/bare/1` } },
        { name: 'ours', pids: [api.process.pid!], wrk: { ...wrk, url, headers } },
        {
          name: 'ours, random ids',
          pids: [api.process.pid!],
          wrk: { ...wrk, url: origin(api.info.port), requestsFile: randomIds(api.info.key, api.info.firstId) },
        },
        ...(before
          ? [
              {
                name: 'before',
                pids: [before.process.pid!],
                wrk: {
                  ...wrk,
                  url: `http://127.0.0.1:${before.info.port}/v1/ingredients/${before.info.firstId + 4999}`,
                  headers: { authorization: `Token token=${before.info.key}` },
                },
              },
              {
                name: 'before, random ids',
                pids: [before.process.pid!],
                wrk: { ...wrk, url: origin(before.info.port), requestsFile: randomIds(before.info.key, before.info.firstId) },
              },
            ]
          : []),
      ],
      ROUNDS,
    );
    const baseline = summary(results.get('bare')!);
    const ours = summary(results.get('ours')!);
    const rounds = results.get('ours')!.map((r, i) => r.requestsPerSecond / results.get('bare')![i]!.requestsPerSecond);
    console.log(`payload ${sample.length} bytes; wrk -t1 -c32, ${ROUNDS} alternating rounds of ${SECONDS} s; medians`);
    console.log(line('bare fastify', baseline));
    console.log(line('our API', ours));
    const random = summary(results.get('ours, random ids')!);
    console.log(line('random ids', random));
    if (before) {
      const b = summary(results.get('before')!);
      console.log(line(`before (${beforeRoot})`, b));
      console.log(line('before, random', summary(results.get('before, random ids')!)));
      console.log(
        `before: ${fmt(b.requestsPerSecond / baseline.requestsPerSecond)}x the bare route's req/s; CPU per request ${fmt(b.cpuMsPer1000 / baseline.cpuMsPer1000, 1)}x the bare route's`,
      );
    }
    console.log(
      `ratio: ${fmt(ours.requestsPerSecond / baseline.requestsPerSecond)}x the bare route's req/s (rounds ${fmt(Math.min(...rounds))}-${fmt(Math.max(...rounds))}; goal >= 0.5x); CPU per request ${fmt(ours.cpuMsPer1000 / baseline.cpuMsPer1000, 1)}x the bare route's`,
    );
    console.log(
      `random ids: ${fmt(random.requestsPerSecond / baseline.requestsPerSecond)}x the bare route's req/s; CPU per request ${fmt(random.cpuMsPer1000 / baseline.cpuMsPer1000, 1)}x the bare route's`,
    );
  } finally {
    await api.stop();
    await bare.stop();
    await before?.stop();
  }
}
