// GET /v1/recipes/{id} of the deep recipe (bench/lib/deep-recipe.ts), timed in process through
// app.inject, for the checkout at ROOT (default: this one): the same script measures the code before
// a change (recording history must leave reads of the present no slower), whatever that code's own bench did.
// COMPLETE=1 gives the ingredients every nutrient a US label shows (vitamin D and potassium too), so
// that the answer is the same size before and after docs/api.md#trust-and-completeness began to list missing nutrients.
// Prints "READY {json}" with the body size and the p50 of READS reads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDeepRecipe } from '../lib/deep-recipe.js';
import { FLOUR_BODY } from '../lib/flour.js';
import { percentile, timeCalls } from '../lib/load.js';

const root = resolve(process.env.ROOT ?? new URL('../..', import.meta.url).pathname);
const from = (path: string) => import(pathToFileURL(join(root, path)).href);
const READS = Number(process.env.READS ?? 2000);

const { loadConfig } = await from('src/config.ts');
const { openDatabase } = await from('src/db/connect.ts');
const { migrateToLatest } = await from('src/db/migrate.ts');
const { fieldsToRow } = await from('src/db/repositories/ingredients.ts');
const { applyIngredientWrite } = await from('src/core/ingredient.ts');
const { buildApp } = await from('src/http/app.ts');
const { systemClock, isoSeconds } = await from('src/lib/time.ts');
// Accounts moved from one file to a folder along the way.
const { createAccount } = await from('src/services/accounts/index.ts').catch(() => from('src/services/accounts.ts'));

const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-deep-read-'));
const config = loadConfig({ ...process.env, DATABASE_URL: join(dir, 'bench.db'), LOG_LEVEL: 'silent' });
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
const app = await buildApp({ config, database });
const ctx = { database, clock: systemClock };
const { account, api_key } = await createAccount(ctx, {
  name: 'deep',
  email: null,
  weekly_limit: 1e9,
  per_minute_limit: 1e9,
  render_limit: null,
});
// The checkout's own ingredient rules (not bench/lib/flour.ts's, which are this checkout's).
const complete = process.env.COMPLETE === '1' ? { vitamin_d_mcg: 0, potassium: 120 } : {};
const write = applyIngredientWrite(null, { ...FLOUR_BODY, ...complete, water: 12, allergens: { wheat: true } });
if (!write.ok) throw new Error(JSON.stringify(write.errors));
const now = isoSeconds(new Date());
const rows = Array.from({ length: 200 }, (_, i) => ({
  ...fieldsToRow({ ...write.fields, name: `Ingredient ${i + 1}` }),
  account_id: account.id,
  created_at: now,
  updated_at: now,
}));
const ids = (await database.db.insertInto('ingredients').values(rows).returning('id').execute()).map((r: { id: number }) => r.id);
const headers = { authorization: `Token token=${api_key}` };
const deepId = await createDeepRecipe(async (url, payload) => {
  const res = await app.inject({ method: 'POST', url, payload, headers });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}, ids);
const read = () => app.inject({ method: 'GET', url: `/v1/recipes/${deepId}`, headers });
const first = await read();
if (first.statusCode !== 200) throw new Error(first.body);
const samples = await timeCalls(read, READS, 200);
console.log(`READY ${JSON.stringify({ bytes: first.body.length, p50: percentile(samples, 50) })}`);
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
