// Issue 2 benchmark: authenticated GET /v1/ingredients/{id} against a bare fastify JSON route
// returning a payload of the same size, both measured in this run on this machine.
import { startChild } from './lib/child.js';
import { fmt, load } from './lib/load.js';

export async function run(): Promise<void> {
  console.log('\n## GET /v1/ingredients/{id} vs a bare fastify route (10,000 ingredients, SQLite)');
  const api = await startChild<{ port: number; key: string; firstId: number; count: number }>('api.ts', { SEED_INGREDIENTS: '10000' });
  const headers = { authorization: `Token token=${api.info.key}` };
  const url = `http://127.0.0.1:${api.info.port}/v1/ingredients/${api.info.firstId + 4999}`;
  const sample = await (await fetch(url, { headers })).text();
  await load(url, { headers, seconds: 1 }); // warm-up
  const ours = await load(url, { headers });
  await api.stop();

  const bare = await startChild<{ port: number }>('bare.ts', { BARE_PAYLOAD: sample });
  const bareUrl = `http://127.0.0.1:${bare.info.port}/bare/1`;
  await load(bareUrl, { seconds: 1 });
  const baseline = await load(bareUrl);
  await bare.stop();

  console.log(`payload: ${sample.length} bytes; 10 connections, 5 s each`);
  console.log(`bare fastify:  ${fmt(baseline.requestsPerSecond, 0)} req/s  p50 ${baseline.p50Ms} ms  p99 ${baseline.p99Ms} ms`);
  console.log(`our API:       ${fmt(ours.requestsPerSecond, 0)} req/s  p50 ${ours.p50Ms} ms  p99 ${ours.p99Ms} ms  (non-2xx ${ours.non2xx})`);
  console.log(`ratio: ${fmt(ours.requestsPerSecond / baseline.requestsPerSecond)}x the bare route (goal >= 0.5x)`);
}
