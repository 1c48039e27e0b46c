// Recipe read benchmark, in process (app.inject: server time without the network), on SQLite:
// 1. GET /v1/recipes/{id} of a 50-line recipe with three nested levels of subrecipes, against
//    GET /healthz measured in the same run (goal: p50 <= 2 ms).
// 2. GET /v1/recipes (a page of 20, each recipe with its lines) for an account with 1,000 recipes and
//    for one with 100,000 in the same database (goal: the large account's p50 <= 1.5x the small one's).
//    Both accounts' recipes are alike (5 plain lines each): the deep recipe of step 1 and its
//    subrecipes belong to a third account, so the two pages compare like with like.
// 3. With BENCH_BEFORE=<another checkout> (e.g. `git archive` of an older commit with its own
//    node_modules): the deep recipe's GET in both, in alternating child processes
//    (bench/servers/deep-read.ts), its ingredients carrying every nutrient so that both answers are
//    alike in size (goal: recording history leaves reads of the present no slower).
// History (?as_of= and what recording it costs a write) is `npm run bench history` (bench/history.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { fieldsToRow } from '../src/db/repositories/ingredients.js';
import { buildApp } from '../src/http/app.js';
import { isoSeconds, systemClock } from '../src/lib/time.js';
import { createAccount } from '../src/services/accounts/index.js';
import { searchText } from '../src/lib/text.js';
import { startChild } from './lib/child.js';
import { fmt, percentile, timeCalls } from './lib/load.js';
import { median } from './lib/wrk.js';
import { createDeepRecipe } from './lib/deep-recipe.js';
import { flourFields } from './lib/flour.js';

const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-recipes-'));
const now = isoSeconds(new Date());

async function setup() {
  const config = loadConfig({ ...process.env, DATABASE_URL: join(dir, 'bench.db'), LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const ctx = { database, clock: systemClock };
  const limits = { email: null, weekly_limit: 1_000_000_000, per_minute_limit: 1_000_000_000, render_limit: null };
  const app = await buildApp({ config, database });
  return { database, ctx, app, limits };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function seedIngredients(s: Setup, accountId: number, n: number): Promise<number[]> {
  const flour = flourFields({ water: 12, allergens: { wheat: true } });
  const rows = Array.from({ length: n }, (_, i) => ({
    ...fieldsToRow({ ...flour, name: `Ingredient ${i + 1}` }),
    account_id: accountId,
    created_at: now,
    updated_at: now,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await s.database.db
      .insertInto('ingredients')
      .values(rows.slice(i, i + 200))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

const recipeRow = (accountId: number, name: string, i: number) => ({
  account_id: accountId,
  name,
  search_name: searchText(name),
  servings: 4,
  packages: 1,
  package_yield_unit: 'grams',
  tags: '[]',
  allergens: '{}',
  label_settings: '{}',
  archived: 0,
  embed_token: `tok-${accountId}-${i}-${Math.random().toString(36).slice(2)}`,
  created_at: now,
  // Distinct update times so the default sort (updated_at desc) walks the index like real data.
  updated_at: isoSeconds(new Date(Date.UTC(2026, 0, 1) + i * 1000)),
});

async function seedRecipes(s: Setup, accountId: number, n: number, ingredientIds: number[], linesEach: number): Promise<void> {
  const batch = 400;
  for (let start = 0; start < n; start += batch) {
    const rows = Array.from({ length: Math.min(batch, n - start) }, (_, k) => recipeRow(accountId, `Recipe ${start + k + 1}`, start + k));
    const inserted = await s.database.db.insertInto('recipes').values(rows).returning('id').execute();
    const lines = inserted.flatMap((r, k) =>
      Array.from({ length: linesEach }, (_, j) => ({
        recipe_id: r.id,
        ingredient_id: ingredientIds[(start + k + j) % ingredientIds.length]!,
        unit: '1 cup',
        quantity: 1 + j,
        waste: 0,
        total_grams: 125 * (1 + j),
        created_at: now,
        updated_at: now,
      })),
    );
    for (let i = 0; i < lines.length; i += 500)
      await s.database.db
        .insertInto('recipe_ingredients')
        .values(lines.slice(i, i + 500))
        .execute();
  }
}

async function deepRecipe(s: Setup, key: string, plain: number[]): Promise<number> {
  return createDeepRecipe(async (url, payload) => {
    const res = await s.app.inject({ method: 'POST', url, payload, headers: { authorization: `Token token=${key}` } });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as any;
  }, plain);
}

const p50 = (samples: number[]) => percentile(samples, 50);
const p99 = (samples: number[]) => percentile(samples, 99);

export async function run(): Promise<void> {
  const s = await setup();
  try {
    const small = await createAccount(s.ctx, { name: 'small', ...s.limits });
    const large = await createAccount(s.ctx, { name: 'large', ...s.limits });
    const deepAccount = await createAccount(s.ctx, { name: 'deep', ...s.limits });
    const smallIngredients = await seedIngredients(s, small.account.id, 200);
    const deepIngredients = await seedIngredients(s, deepAccount.account.id, 200);
    const largeIngredients = await seedIngredients(s, large.account.id, 200);
    const seedStart = Date.now();
    await seedRecipes(s, small.account.id, 1_000, smallIngredients, 5);
    await seedRecipes(s, large.account.id, 100_000, largeIngredients, 5);
    const deepId = await deepRecipe(s, deepAccount.api_key, deepIngredients);
    console.log(
      `\n## Recipes (SQLite, in-process inject; seeded 101,000 recipes x 5 lines in ${fmt((Date.now() - seedStart) / 1000, 1)} s)`,
    );

    const get = (url: string, key: string) => () => s.app.inject({ method: 'GET', url, headers: { authorization: `Token token=${key}` } });
    const health = await timeCalls(() => s.app.inject({ method: 'GET', url: '/healthz' }), 2000, 200);
    const deepRes = await get(`/v1/recipes/${deepId}`, deepAccount.api_key)();
    if (deepRes.statusCode !== 200) throw new Error(deepRes.body);
    const deep = await timeCalls(get(`/v1/recipes/${deepId}`, deepAccount.api_key), 2000, 200);
    console.log(`GET /healthz (baseline):             p50 ${fmt(p50(health), 3)} ms  p99 ${fmt(p99(health), 3)} ms`);
    console.log(
      `GET /v1/recipes/{id}, 50 lines, 3 nested subrecipe levels (${deepRes.body.length} bytes): p50 ${fmt(p50(deep), 3)} ms  p99 ${fmt(p99(deep), 3)} ms  (${fmt(p50(deep) / p50(health), 1)}x baseline; goal p50 <= 2 ms)`,
    );

    for (const query of ['', '?sort_field=name&sort_direction=asc', '?page=40']) {
      const smallList = await timeCalls(get(`/v1/recipes${query}`, small.api_key), 500, 50);
      const largeList = await timeCalls(get(`/v1/recipes${query}`, large.api_key), 500, 50);
      console.log(
        `GET /v1/recipes${query || ' (default)'}: 1,000 recipes p50 ${fmt(p50(smallList), 3)} ms; 100,000 recipes p50 ${fmt(p50(largeList), 3)} ms; ratio ${fmt(p50(largeList) / p50(smallList))}x (goal <= 1.5x)`,
      );
    }
    // Where the list time goes at 100,000: the exact X-Total-Count (docs/api.md#lists) walks the account's index.
    const countOf = (accountId: number) => () =>
      s.database.sqlite!.prepare('select count(*) as n from recipes where account_id = ? and archived = 0').get(accountId);
    const smallCount = await timeCalls(countOf(small.account.id), 300, 30);
    const largeCount = await timeCalls(countOf(large.account.id), 300, 30);
    console.log(
      `count(*) for X-Total-Count alone: 1,000 recipes p50 ${fmt(p50(smallCount), 3)} ms; 100,000 recipes p50 ${fmt(p50(largeCount), 3)} ms`,
    );
  } finally {
    await s.app.close();
    await s.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.BENCH_BEFORE) await againstBefore(process.env.BENCH_BEFORE);
}

const BEFORE_ROUNDS = 5;

async function againstBefore(before: string): Promise<void> {
  console.log(`\n## GET /v1/recipes/{id} of the deep recipe, every nutrient known: this checkout against ${before}`);
  const p50s = { ours: [] as number[], before: [] as number[] };
  for (let round = 1; round <= BEFORE_ROUNDS; round++) {
    for (const [name, root] of [
      ['ours', undefined],
      ['before', before],
    ] as const) {
      const child = await startChild<{ bytes: number; p50: number }>('deep-read.ts', { COMPLETE: '1', ...(root ? { ROOT: root } : {}) });
      await new Promise((done) => child.process.once('exit', done));
      p50s[name].push(child.info.p50);
      console.log(`round ${round}: ${name.padEnd(6)} p50 ${fmt(child.info.p50, 3)} ms (${child.info.bytes} bytes)`);
    }
  }
  const ratio = median(p50s.ours) / median(p50s.before);
  console.log(
    `medians: ours ${fmt(median(p50s.ours), 3)} ms, before ${fmt(median(p50s.before), 3)} ms: ${fmt(ratio)}x (goal: within 10%, <= 1.10x)`,
  );
}

// Run directly: `node --import tsx bench/recipes.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
