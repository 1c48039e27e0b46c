// Idempotency-Key and clone_and_swap benchmark, in process (app.inject: server time without the network), on SQLite:
// - what an Idempotency-Key adds to POST /v1/recipes (a fresh key each call: claim + store), and what
//   a replay costs, against the same POST without a key;
// - POST /v1/recipes/{id}/clone_and_swap of a 10-line template with 20 and 100 entries, dry run
//   (rolled back) and real, against POST /v1/recipes/{id}/scale of the same template (one copy).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/http/app.js';
import { systemClock } from '../src/lib/time.js';
import { createAccount } from '../src/services/accounts/index.js';
import { FLOUR_BODY } from './lib/flour.js';
import { fmt, percentile, timeCalls } from './lib/load.js';

// Every nutrient a label prints is known (vitamin D, potassium too): complete labels (docs/api.md#trust-and-completeness).
const nutrients = { ...FLOUR_BODY, vitamin_d: 0, potassium: 100 };

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-bulk-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: join(dir, 'bench.db'), LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  const app = await buildApp({ config, database });
  try {
    await migrateToLatest(database.db, database.dialect);
    const ctx = { database, clock: systemClock };
    const account = await createAccount(ctx, {
      name: 'bench',
      email: null,
      weekly_limit: 1_000_000_000,
      per_minute_limit: 1_000_000_000,
      render_limit: null,
    });
    const auth = { authorization: `Token token=${account.api_key}`, 'content-type': 'application/json' };
    const post = async (url: string, payload: object, extra: Record<string, string> = {}, expect = [200, 201]) => {
      const res = await app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { ...auth, ...extra } });
      if (!expect.includes(res.statusCode)) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as any;
    };
    const ingredients: number[] = [];
    for (let i = 0; i < 110; i++)
      ingredients.push((await post('/v1/ingredients', { ...nutrients, name: `Ingredient ${i}`, fat: i / 10 })).ingredient.id);
    const template = (
      await post('/v1/recipes/shortcut', {
        recipe: {
          name: 'Template',
          servings: 8,
          recipe_ingredients: ingredients.slice(0, 10).map((id) => ({ ingredient_id: id, total_grams: 50 })),
        },
      })
    ).recipe;
    const swapLine = (await app.inject({ method: 'GET', url: `/v1/recipes/${template.id}/recipe_ingredients`, headers: auth })).json()
      .recipe.recipe_ingredients[3].recipe_ingredient.id;

    console.log('\n## bulk: Idempotency-Key and clone_and_swap (SQLite, in process)\n');
    let n = 0;
    const plain = await timeCalls(() => post('/v1/recipes', { name: `Plain ${n++}` }), 300);
    const keyed = await timeCalls(() => post('/v1/recipes', { name: `Keyed ${n}` }, { 'idempotency-key': `bench-${n++}` }), 300);
    await post('/v1/recipes', { name: 'Replayed' }, { 'idempotency-key': 'replay-me' });
    const replay = await timeCalls(() => post('/v1/recipes', { name: 'Replayed' }, { 'idempotency-key': 'replay-me' }), 300);
    const p50 = (s: number[]) => percentile(s, 50);
    console.log('| POST /v1/recipes | p50 ms | p99 ms | vs no key |');
    console.log('|---|---|---|---|');
    for (const [label, s] of [
      ['no key', plain],
      ['fresh Idempotency-Key', keyed],
      ['replay of a stored key', replay],
    ] as const) {
      console.log(`| ${label} | ${fmt(p50(s))} | ${fmt(percentile(s, 99))} | ${fmt(p50(s) / p50(plain))}x |`);
    }

    const entries = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `Swap ${i}`, ingredient_id: ingredients[10 + i]! }));
    const scale = await timeCalls(() => post(`/v1/recipes/${template.id}/scale`, { scale_amount: 1 }), 30, 5);
    console.log('\n| 10-line template | p50 ms | per new recipe ms |');
    console.log('|---|---|---|');
    console.log(`| scale (1 copy, baseline) | ${fmt(p50(scale))} | ${fmt(p50(scale))} |`);
    for (const count of [20, 100]) {
      for (const dryRun of [true, false]) {
        const s = await timeCalls(
          () =>
            post(`/v1/recipes/${template.id}/clone_and_swap`, {
              swap_recipe_ingredient_id: swapLine,
              entries: entries(count),
              dry_run: dryRun,
            }),
          count === 100 ? 5 : 15,
          2,
        );
        console.log(`| clone_and_swap ${count} entries, ${dryRun ? 'dry run' : 'real'} | ${fmt(p50(s))} | ${fmt(p50(s) / count)} |`);
      }
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
