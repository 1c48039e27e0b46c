// npm run fuzz: the full hostile input run. See --help; the figures go in RELIABILITY.md.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Dialect } from '../src/db/schema.js';
import { POSTGRES_URL } from '../test/support/databases.js';
import { formatReport, runHostileInput, totalViolations } from '../test/support/hostile/run.js';

const HELP = `Usage: npm run fuzz -- [options]

Sends generated hostile requests to every route of the OpenAPI document (/v1/openapi.json) on a
fresh app and database, and checks each answer: no status >= 500, no crash, every error in the
docs/api.md#errors shape with a request id, the database unchanged after every 4xx.

Options:
  --requests N   requests in all (default 100000); 3 % of them go over a real socket
  --seed N       fast-check seed (default: FUZZ_SEED, else random; printed either way)
  --database D   sqlite, postgres or both (default: sqlite, and postgres too when DATABASE_URL
                 is a postgres:// URL)
  --help         this text

Exit status 1 when any check failed. A failure lists the first violations and the smallest
failing request fast-check could shrink to; FUZZ_SEED=<seed> replays the same requests.`;

const { values } = parseArgs({
  options: { requests: { type: 'string' }, seed: { type: 'string' }, database: { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const total = Number(values.requests ?? 100_000);
const seed = Number(values.seed ?? process.env.FUZZ_SEED ?? randomInt(2 ** 31));
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(seed)) {
  console.error('--requests and --seed must be whole numbers (see --help)');
  process.exit(2);
}
const choice = values.database ?? (POSTGRES_URL ? 'both' : 'sqlite');
const kinds: Dialect[] = choice === 'both' ? ['sqlite', 'postgres'] : choice === 'sqlite' || choice === 'postgres' ? [choice] : [];
if (kinds.length === 0) {
  console.error(`--database must be sqlite, postgres or both, not "${choice}"`);
  process.exit(2);
}
if (kinds.includes('postgres') && !POSTGRES_URL) {
  console.error('--database postgres needs DATABASE_URL=postgres://...');
  process.exit(2);
}

let failed = false;
for (const kind of kinds) {
  const socketRequests = Math.round(total * 0.03);
  const started = new Date();
  console.log(`hostile input on ${kind}: ${total} requests, seed ${seed}, started ${started.toISOString()}`);
  const report = await runHostileInput({ kind, requests: total - socketRequests, socketRequests, seed, log: (line) => console.log(line) });
  console.log(formatReport(report).join('\n'));
  console.log(`took ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s\n`);
  if (totalViolations(report) > 0) failed = true;
}
process.exit(failed ? 1 : 0);
