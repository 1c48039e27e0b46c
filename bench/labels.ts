// Label speed (issue 4): label data, SVG, PNG (zoom 3) and PDF for a 20-line recipe, p50 of the
// service + render functions in-process; and PNG throughput through the worker pool with 2 threads
// against 1 (same run). Targets: data <= 1 ms, SVG <= 2 ms, PNG <= 30 ms, PDF <= 15 ms, pool >= 1.7x.
import { existsSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/http/app.js';
import { renderLabelPdf } from '../src/render/pdf.js';
import { renderLabelPng } from '../src/render/png.js';
import { renderLabelSvg } from '../src/render/svg/index.js';
import { createAccount } from '../src/services/accounts.js';
import { recipeLabel } from '../src/services/labels.js';
import { fmt, percentile, timeCalls } from './lib/load.js';

export async function run(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: ':memory:' });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, database });
  const ctx = { database, clock: { now: () => new Date() } };
  const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
  const { account, api_key } = await createAccount(ctx, { name: 'Bench', ...none });
  const headers = { authorization: `Token token=${api_key}`, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown) => JSON.parse((await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) })).body);
  const recipe = (await post('/v1/recipes', { recipe: { name: 'Bench bars', servings: 12, suggested_serving: '1 bar' } })).recipe;
  for (let i = 0; i < 20; i++) {
    const ingredient = (await post('/v1/ingredients', {
      name: `Ingredient ${i}`, description1: '1 portion', weight1: 100, calories: 100 + i * 17, protein: 3 + i % 5, fat: 2 + i % 7,
      fat_saturated: 1, fat_trans: 0, cholesterol: i, carbohydrate: 20 + i, fiber: 2, sugar: 5, added_sugar: 2, sodium: 50 + i * 3,
      calcium: 40, iron: 1.2, vitamin_a_IU: 100, vitamin_c: 2, potassium: 150, vitamin_d_mcg: 0.5,
    })).ingredient;
    await post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: ingredient.id, total_grams: 30 + i * 5 } });
  }
  const caller = { accountId: account.id, keyId: 0 };
  const data = () => recipeLabel(ctx, caller, recipe.id, {});
  const { label } = await data();
  const p50 = async (fn: () => unknown, n: number) => percentile(await timeCalls(fn, n, Math.min(20, n)), 50);
  const baseline = await p50(() => JSON.stringify(label), 500);
  const figures = {
    data: await p50(data, 300),
    svg: await p50(async () => renderLabelSvg((await data()).label), 200),
    png: await p50(async () => renderLabelPng((await data()).label, { zoom: 3 }), 40),
    pdf: await p50(async () => renderLabelPdf((await data()).label, { pageSize: 'auto' }), 40),
  };
  console.log('\n## labels (20-line recipe, p50, service + render in-process)');
  console.log(`baseline JSON.stringify(label): ${fmt(baseline, 3)} ms`);
  const targets = { data: 1, svg: 2, png: 30, pdf: 15 } as const;
  for (const [name, ms] of Object.entries(figures)) {
    console.log(`${name.padEnd(5)} ${fmt(ms, 3)} ms  (target <= ${targets[name as keyof typeof targets]} ms; ${fmt(ms / baseline, 0)}x the baseline)`);
  }

  // PNG throughput: the pool with 1 thread against 2, same jobs, same run.
  const poolPath = new URL('../src/render/pool.ts', import.meta.url);
  if (!existsSync(poolPath)) {
    console.log('pool: src/render/pool.ts not present yet; throughput not measured');
  } else {
    const { createRenderPool } = await import('../src/render/pool.js' as string) as any;
    const throughput = async (threads: number) => {
      const pool = createRenderPool({ threads });
      const jobs = 40;
      await Promise.all(Array.from({ length: threads * 2 }, () => pool.render({ kind: 'png', model: label, zoom: 3 })));
      const start = process.hrtime.bigint();
      await Promise.all(Array.from({ length: jobs }, () => pool.render({ kind: 'png', model: label, zoom: 3 })));
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      await pool.close();
      return jobs / seconds;
    };
    const one = await throughput(1);
    const two = await throughput(2);
    console.log(`pool PNG throughput: 1 thread ${fmt(one, 1)}/s, 2 threads ${fmt(two, 1)}/s = ${fmt(two / one)}x (target >= 1.7x)`);
  }
  await app.close();
  await database.close();
}
