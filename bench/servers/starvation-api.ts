// The server of `npm run bench starvation`: our API on a fresh SQLite file with two accounts, built
// through the HTTP API only (so the same script runs against older code for a 'before' figure):
// - the owner: the deep benchmark recipe (embedded: its big PNG is what anonymous clients hammer,
//   once per embed token in EMBED_TOKENS copies) and a small recipe for the owner's own label.png;
// - another account: a small recipe whose label PNG is the bystander's render.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { buildApp } from '../../src/http/app.js';
import { systemClock } from '../../src/lib/time.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { createDeepRecipe } from '../lib/deep-recipe.js';
import { FLOUR_BODY } from '../lib/flour.js';

const copies = Number(process.env.EMBED_TOKENS ?? 8);
const path = join(mkdtempSync(join(tmpdir(), 'recipal-bench-starvation-')), 'bench.db');
const config = loadConfig({ ...process.env, DATABASE_URL: path, LOG_LEVEL: 'silent' });
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
const ctx = { database, clock: systemClock };
// Request limits out of the way: the benchmark is about render threads, not request counting.
const limits = { email: null, weekly_limit: 1_000_000_000, per_minute_limit: 1_000_000_000, render_limit: null };
const owner = await createAccount(ctx, { name: 'owner', ...limits });
const other = await createAccount(ctx, { name: 'other', ...limits });
const app = await buildApp({ config, database });

const poster = (key: string) => async (url: string, payload?: object) => {
  const res = await app.inject({ method: 'POST', url, payload, headers: { authorization: `Token token=${key}` } });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as any;
};
const ingredient = (i: number) => ({ ...FLOUR_BODY, name: `Ingredient ${i + 1}`, allergens: { wheat: true } });
async function smallRecipe(post: ReturnType<typeof poster>, name: string): Promise<number> {
  const ids = [];
  for (let i = 0; i < 2; i++) ids.push((await post('/v1/ingredients', ingredient(i))).ingredient.id);
  const recipe = (await post('/v1/recipes', { recipe: { name, servings: 8 } })).recipe;
  for (const id of ids)
    await post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: id, total_grams: 200 } });
  return recipe.id;
}

const postOwner = poster(owner.api_key);
const plain = [];
for (let i = 0; i < 120; i++) plain.push((await postOwner('/v1/ingredients', ingredient(i))).ingredient.id);
const embedTokens: string[] = [];
for (let i = 0; i < copies; i++) {
  const id = await createDeepRecipe(postOwner, plain);
  const res = await app.inject({ method: 'GET', url: `/v1/recipes/${id}`, headers: { authorization: `Token token=${owner.api_key}` } });
  embedTokens.push((res.json() as any).recipe.embed_token);
}
const ownerSmall = await smallRecipe(postOwner, 'Owner bars');
const otherSmall = await smallRecipe(poster(other.api_key), 'Other bars');

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
console.log(
  `READY ${JSON.stringify({ port: address.port, ownerKey: owner.api_key, otherKey: other.api_key, ownerSmall, otherSmall, embedTokens })}`,
);
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0)),
);
