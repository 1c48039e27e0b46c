// `npm run bench [name ...]`: runs every benchmark (or the named ones) in sequence and prints figures
// as ratios against baselines measured in the same run. Record them in BENCHMARKS.md.
import { parseArgs } from 'node:util';

/** What a benchmark may be told from the command line (each reads only what concerns it). */
export interface BenchOptions {
  /** attacks: run only the attacks whose name contains this text (case-insensitive). */
  attack?: string;
}

/** Each benchmark, loaded only when it runs (so `--help` starts nothing), with what it measures. */
const BENCHMARKS: Record<string, { summary: string; load(): Promise<{ run(options: BenchOptions): Promise<void> }> }> = {
  attacks: {
    summary:
      "another account's reads and writes (p50/p99) while each attack of RELIABILITY.md runs from its own process, on the server's default workers; PostgreSQL with DATABASE_URL (needs wrk)",
    load: () => import('./attacks.js'),
  },
  bulk: {
    summary: 'spreadsheets: 10,000-row ingredient import (dry run + apply) and RSS growth while 100,000 rows export as CSV and XLSX',
    load: () => import('./bulk.js'),
  },
  idempotency: {
    summary: 'what an Idempotency-Key adds to a POST, a replay; clone_and_swap of 20 and 100 entries (in process)',
    load: () => import('./idempotency.js'),
  },
  costing: {
    summary: 'what the cost step adds to GET /v1/recipes/{id} (deep 50-line recipe, in process)',
    load: () => import('./costing.js'),
  },
  history: {
    summary:
      'what recording history adds to a write (deep recipe, ingredient) and ?as_of= reads warm and cold (in process; SQLite, or PostgreSQL with DATABASE_URL)',
    load: () => import('./history.js'),
  },
  ingredients: {
    summary: 'authenticated GET /v1/ingredients/{id} against a bare fastify route of the same payload (wrk, rounds)',
    load: () => import('./ingredients.js'),
  },
  labels: {
    summary: 'label data, SVG, PNG and PDF times; PNG throughput of the worker pool, 2 threads against 1',
    load: () => import('./labels.js'),
  },
  load: {
    summary: '1,000 accounts, mixed workload on `recipal serve` (WORKERS), highest rate at p99 <= 50 ms (needs wrk)',
    load: () => import('./load.js'),
  },
  memory: {
    summary: 'resident memory of `recipal serve` (every process) at start and after reads, writes and PNG/SVG/PDF renders',
    load: () => import('./memory.js'),
  },
  limits: {
    summary: "the request limiter's cost: limits off, default store, Redis (REDIS_URL, default redis://127.0.0.1:6379)",
    load: () => import('./limits.js'),
  },
  search: {
    summary: 'ingredient search p50 over 100,000 public ingredients, narrow to broad (PostgreSQL too with DATABASE_URL)',
    load: () => import('./search.js'),
  },
  'recipe-text': {
    summary:
      'POST /v1/recipe_text/parse of a 20-line recipe against SR28 + Foundation, p50, against the 20 searches of its food words (PostgreSQL too with DATABASE_URL)',
    load: () => import('./recipe-text.js'),
  },
  'recipe-text-readers': {
    summary: 'reading the table of recipe lines: our reader against the npm package parse-ingredient (right answers, time per line)',
    load: () => import('./recipe-text-readers.js'),
  },
  recipes: {
    summary: 'GET /v1/recipes/{id} of a deep recipe and a page of GET /v1/recipes, against /healthz',
    load: () => import('./recipes.js'),
  },
  shaping: {
    summary:
      'loading the text shaper and its fonts (time, memory); a label naming ingredients in Arabic and Chinese against Latin (SVG, PNG, PDF)',
    load: () => import('./shaping.js'),
  },
  studio: {
    summary:
      "the label studio's labels page (7 markets) and recipe page for a 30-line recipe on SQLite, against the API's label reads (in process)",
    load: () => import('./studio.js'),
  },
  starvation: {
    summary: 'small label renders while anonymous clients hammer big embed PNGs (needs wrk)',
    load: () => import('./starvation.js'),
  },
  validation: {
    summary: 'our form-aware schema checker against Ajv with a blank-to-null pre-pass (time and agreement)',
    load: () => import('./validation.js'),
  },
  usda: {
    summary: 'USDA FoodData Central import speed and ingredient search latency (reads ../shared/data/usda-fdc)',
    load: () => import('./usda.js'),
  },
};

const HELP = `Usage: npm run bench -- [name ...]

Runs every benchmark, or the ones named, in sequence, and prints figures as ratios against
baselines measured in the same run. Record them in BENCHMARKS.md.

Benchmarks:
${Object.entries(BENCHMARKS)
  .map(([name, b]) => `  ${name.padEnd(21)}${b.summary}`)
  .join('\n')}

Options:
  --attack TEXT  attacks: run only the attacks whose name contains TEXT (any case);
                 the idle probe runs first as always
  -h, --help     this text

Examples:
  npm run bench -- labels recipes
  ATTACK_SECONDS=10 npm run bench -- attacks --attack "dry runs"
`;

let args: { values: { help?: boolean; attack?: string }; positionals: string[] };
try {
  args = parseArgs({
    options: { help: { type: 'boolean', short: 'h' }, attack: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  console.error(`${(error as Error).message.split('. ')[0]}; run \`npm run bench -- --help\``);
  process.exit(2);
}
if (args.values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const unknown = args.positionals.filter((name) => !BENCHMARKS[name]);
if (unknown.length > 0) {
  console.error(`unknown benchmark "${unknown[0]}"; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
const names = args.positionals.length > 0 ? args.positionals : Object.keys(BENCHMARKS);
console.log(`# Benchmarks, ${new Date().toISOString().slice(0, 10)}, node ${process.version}`);
for (const name of names) await (await BENCHMARKS[name]!.load()).run({ attack: args.values.attack });
