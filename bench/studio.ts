// The label studio's pages, in process (app.inject: server time without the network), on SQLite, for
// a 30-line recipe with every market's label (docs/studio.md "Speed"). Goal: the labels page with its
// 7 markets answers in at most 300 ms p95, with renders cached as the API's are.
// Measured round by round, interleaved, so load from elsewhere falls on all of them alike:
// - the labels page: the recipe loaded once, its 7 labels built with completeness, warnings and
//   approvals, and drawn in the page with the front-of-pack drawings (SVGs from the studio's file cache
//   once drawn, as data: URLs: one answer is the whole page);
// - the API's reads of the same 7 labels: GET /v1/recipes/{id}/label.svg?language=... (the files the
//   page shows) and GET /v1/recipes/{id}/label?language=... (the data);
// - the recipe page (lines, shares, costs, what is unknown).
// Ratios are against the API's reads of the same labels in the same run.
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

const LINES = 30;
const ROUNDS = Number(process.env.STUDIO_ROUNDS ?? 150);
const GOAL_P95_MS = 300;
const MARKETS: Record<string, string> = {
  'en-US': 'language=en-US',
  'en-CA': 'language=en-CA&format=ca_bilingual',
  'en-GB': 'language=en-GB',
  'fr-FR': 'language=fr-FR',
  'de-DE': 'language=de-DE',
  'en-AU': 'language=en-AU',
  'es-MX': 'language=es-MX',
};

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith(`${name}=`)) ?? '';

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-studio-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: join(dir, 'bench.db'), LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, database });
  try {
    const ctx = { database, clock: systemClock };
    const limits = { email: null, weekly_limit: 1_000_000_000, per_minute_limit: 1_000_000_000, render_limit: null };
    const { api_key } = await createAccount(ctx, { name: 'Studio bench', ...limits });
    const headers = { authorization: `Token token=${api_key}`, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown) => {
      const res = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    };

    // A 30-line recipe as a bakery keeps it: every label nutrient known, names in the label languages,
    // allergens to emphasise, prices for most lines, and what Mexico's seals read.
    const recipe = (await post('/v1/recipes', { recipe: { name: 'Bench loaf', servings: 12, suggested_serving: '1 slice' } })).recipe;
    for (let i = 0; i < LINES; i++) {
      const ingredient = (
        await post('/v1/ingredients', {
          ...FLOUR_BODY,
          name: `Ingredient ${i}`,
          names: { fr: `Ingrédient ${i}`, de: `Zutat ${i}`, es: `Ingrediente ${i}` },
          calories: 300 + i * 7,
          fat: 1 + (i % 9),
          fat_saturated: 0.5 + (i % 4),
          sugar: 2 + (i % 6),
          added_sugar: i % 3,
          sodium: 5 + i * 11,
          potassium: 120,
          vitamin_d_mcg: 0,
          allergens: i % 6 === 0 ? { wheat: true } : i % 7 === 0 ? { milk: true } : {},
          adds_fat: i % 5 === 0,
          adds_sodium: i % 8 === 0,
        })
      ).ingredient;
      await post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: ingredient.id, unit: '1 cup', quantity: 0.25 + (i % 4) * 0.25 },
      });
      if (i % 5 !== 4) {
        await post('/v1/ingredient_costs', {
          ingredient_cost: { ingredient_id: ingredient.id, unit: '1 cup', quantity: 1, price: 0.3 + i / 100, effective_at: '2026-01-01' },
        });
      }
    }

    // Signed in to the studio as a browser is: the sign-in form's cookie and token, then the session.
    const form = await app.inject({ method: 'GET', url: '/studio/sign-in' });
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const signedIn = await app.inject({
      method: 'POST',
      url: '/studio/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(form.headers['set-cookie'], 'recipal_login') },
      payload: new URLSearchParams({ csrf, api_key }).toString(),
    });
    const cookie = cookieOf(signedIn.headers['set-cookie'], 'recipal_session');
    const get = async (url: string, as: 'studio' | 'api') => {
      const res = await app.inject({ method: 'GET', url, headers: as === 'studio' ? { cookie } : headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const labelsPage = `/studio/recipes/${recipe.id}/labels`;
    const page = await get(labelsPage, 'studio');
    // 7 labels and the front-of-pack drawings this recipe needs (the UK panel, Mexico's octagons, Canada's symbol).
    const drawings = [...page.body.matchAll(/<img src="data:image\/svg\+xml/g)].length;
    if (drawings < 7) throw new Error(`expected at least the 7 labels drawn in the page, found ${drawings}`);
    const pageName = `studio labels page (${drawings} SVGs)`;

    const measured: Record<string, () => Promise<unknown>> = {
      [pageName]: () => get(labelsPage, 'studio'),
      'API: 7 label.svg reads': async () => {
        for (const query of Object.values(MARKETS)) await get(`/v1/recipes/${recipe.id}/label.svg?${query}`, 'api');
      },
      'API: 7 label reads (data)': async () => {
        for (const query of Object.values(MARKETS)) await get(`/v1/recipes/${recipe.id}/label?${query}`, 'api');
      },
      'studio recipe page': () => get(`/studio/recipes/${recipe.id}`, 'studio'),
    };
    const samples = new Map<string, number[]>(Object.keys(measured).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, fn] of Object.entries(measured)) samples.get(name)?.push(...(await timeCalls(fn, 1, round === 0 ? 3 : 0)));
    }
    const p = (name: string, at: number) => percentile(samples.get(name) ?? [], at);

    console.log(`\n## studio (${LINES}-line recipe, 7 markets, SQLite, in process, ${ROUNDS} interleaved rounds)`);
    for (const name of Object.keys(measured)) {
      console.log(`${name.padEnd(30)} p50 ${fmt(p(name, 50)).padStart(7)} ms  p95 ${fmt(p(name, 95)).padStart(7)} ms`);
    }
    const page95 = p(pageName, 95);
    console.log(
      `labels page p95 ${fmt(page95)} ms (goal <= ${GOAL_P95_MS} ms: ${page95 <= GOAL_P95_MS ? 'met' : 'NOT met'}); ` +
        `${fmt(page95 / p('API: 7 label.svg reads', 95))}x the API's 7 label.svg reads, ` +
        `${fmt(page95 / p('API: 7 label reads (data)', 95))}x its 7 label data reads (p95 against p95)`,
    );
    console.log(`page size ${(page.body.length / 1024).toFixed(0)} KB`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
