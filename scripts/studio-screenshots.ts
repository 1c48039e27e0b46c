// Screenshots of the label studio for docs/studio.md: every page at a desktop and a phone width, taken
// by Debian's Chromium (playwright-core) from the real app on a fresh SQLite database seeded through
// the API with a small bakery's cookie recipe. Viewport-sized PNGs, so they stay small.
//
// Usage: node --import tsx scripts/studio-screenshots.ts [OUT_DIR]   (default docs/studio)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/http/app.js';
import { systemClock } from '../src/lib/time.js';
import { createAccount } from '../src/services/accounts/index.js';

const out = process.argv[2] ?? 'docs/studio';
const WIDTHS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A food with all fifteen required nutrients per `weight1` grams of `unit`, plus what is given. */
const food = (name: string, unit: string, weight1: number, values: Record<string, unknown>) => ({
  name,
  description1: unit,
  weight1,
  calories: 0,
  protein: 0,
  fat: 0,
  fat_saturated: 0,
  fat_trans: 0,
  cholesterol: 0,
  carbohydrate: 0,
  fiber: 0,
  sugar: 0,
  added_sugar: 0,
  sodium: 0,
  calcium: 0,
  iron: 0,
  vitamin_a_IU: 0,
  vitamin_c: 0,
  vitamin_d_mcg: 0,
  potassium: 0,
  ...values,
});

async function seed(app: Awaited<ReturnType<typeof buildApp>>, apiKey: string) {
  const headers = { authorization: `Token token=${apiKey}`, 'content-type': 'application/json' };
  const send = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
    const res = await app.inject({ method, url, headers, payload: JSON.stringify(body) });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  };
  const ingredient = async (body: Record<string, unknown>) => (await send('POST', '/v1/ingredients', body)).ingredient.id as number;
  const flour = await ingredient(
    food('All-purpose flour', '1 cup', 125, {
      calories: 455,
      protein: 12.9,
      fat: 1.2,
      fat_saturated: 0.2,
      carbohydrate: 95.4,
      fiber: 3.4,
      sugar: 0.3,
      sodium: 2.5,
      calcium: 19,
      iron: 5.8,
      potassium: 134,
      names: { fr: 'Farine de blé', de: 'Weizenmehl', es: 'Harina de trigo' },
      allergens: { wheat: true },
    }),
  );
  // Butter without vitamin D or potassium: what a real library gap looks like (the US label is incomplete).
  const butter = await ingredient({
    ...food('Butter, unsalted', '1 cup', 227, {
      calories: 1628,
      protein: 1.9,
      fat: 184,
      fat_saturated: 117,
      fat_trans: 7.5,
      cholesterol: 488,
      carbohydrate: 0.1,
      sugar: 0.1,
      sodium: 25,
      calcium: 54,
      vitamin_a_IU: 5600,
      names: { fr: 'Beurre doux', de: 'Butter', es: 'Mantequilla' },
      allergens: { milk: true },
      adds_fat: true,
    }),
    vitamin_d_mcg: null,
    potassium: null,
  });
  const sugar = await ingredient(
    food('Sugar, granulated', '1 cup', 200, {
      calories: 774,
      carbohydrate: 200,
      sugar: 200,
      added_sugar: 200,
      sodium: 2,
      calcium: 2,
      potassium: 4,
      names: { fr: 'Sucre', de: 'Zucker', es: 'Azúcar' },
    }),
  );
  const eggs = await ingredient(
    food('Egg, whole', '1 large', 50, {
      calories: 72,
      protein: 6.3,
      fat: 4.8,
      fat_saturated: 1.6,
      cholesterol: 186,
      carbohydrate: 0.4,
      sugar: 0.2,
      sodium: 71,
      calcium: 28,
      iron: 0.9,
      vitamin_a_IU: 270,
      vitamin_d_mcg: 1,
      potassium: 69,
      names: { fr: 'Œuf', de: 'Ei', es: 'Huevo' },
      allergens: { egg: true },
    }),
  );
  const chips = await ingredient(
    food('Dark chocolate chips', '1 cup', 168, {
      calories: 805,
      protein: 7,
      fat: 50,
      fat_saturated: 30,
      carbohydrate: 106,
      fiber: 10,
      sugar: 90,
      added_sugar: 88,
      sodium: 20,
      calcium: 55,
      iron: 5,
      potassium: 600,
      allergens: { milk: true, soy: true },
    }),
  );
  const salt = await ingredient(food('Salt', '1 tsp', 6, { sodium: 2325, names: { fr: 'Sel', de: 'Salz', es: 'Sal' }, adds_sodium: true }));
  const recipe = (
    await send('POST', '/v1/recipes', {
      recipe: { name: 'Chocolate chip cookies', servings: 24, suggested_serving: '1 cookie', label_settings: { racc_category: 'cookies' } },
    })
  ).recipe;
  const lines: Record<string, number> = {};
  for (const [key, id, unit, quantity] of [
    ['flour', flour, '1 cup', 2.25],
    ['butter', butter, '1 cup', 1],
    ['sugar', sugar, '1 cup', 0.75],
    ['eggs', eggs, '1 large', 2],
    ['chips', chips, '1 cup', 2],
    ['salt', salt, '1 tsp', 1],
  ] as const) {
    lines[key] = (
      await send('POST', `/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: id, unit, quantity } })
    ).recipe_ingredient.id;
  }
  for (const [id, unit, price] of [
    [flour, '1 cup', 0.45],
    [butter, '1 cup', 2.1],
    [sugar, '1 cup', 0.5],
    [eggs, '1 large', 0.35],
    [salt, '1 tsp', 0.01],
  ] as const) {
    await send('POST', '/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id: id, unit, quantity: 1, price, effective_at: '2026-01-01' },
    });
  }
  // Approved for the UK, then the sugar cut: the approval page has a change to show.
  const approval = (
    await send('POST', `/v1/recipes/${recipe.id}/label_approvals`, { language: 'en-GB', note: 'Checked against the supplier sheets' })
  ).label_approval.id as number;
  await send('PUT', `/v1/recipes/${recipe.id}/recipe_ingredients/${lines.sugar}`, { recipe_ingredient: { quantity: 0.5 } });
  return { recipeId: recipe.id as number, butter, approval };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'recipal-studio-shots-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: join(dir, 'studio.db'), LOG_LEVEL: 'silent', WORKERS: '1' });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, database });
  const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
  const { api_key } = await createAccount({ database, clock: systemClock }, { name: 'Northside Bakery', ...none });
  const demo = await seed(app, api_key);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  mkdirSync(out, { recursive: true });
  const pages: Array<[string, string, (page: Page) => Promise<void>]> = [
    ['recipes', '/studio/recipes', async () => {}],
    ['recipe', `/studio/recipes/${demo.recipeId}`, async () => {}],
    ['labels', `/studio/recipes/${demo.recipeId}/labels`, async () => {}],
    ['approval', `/studio/approvals/${demo.approval}`, async () => {}],
    ['revisions', `/studio/recipes/${demo.recipeId}/revisions`, async () => {}],
    [
      'diff',
      `/studio/recipes/${demo.recipeId}/revisions`,
      async (page) => {
        // The revisions page's compare form: the newest revision against the one before it.
        await Promise.all([page.waitForURL(/revisions\/diff/), page.click('form.compare button[type=submit]')]);
      },
    ],
    ['ingredient', `/studio/ingredients/${demo.butter}`, async () => {}],
  ];
  try {
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      const profile = mkdtempSync(join(tmpdir(), 'recipal-chromium-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
        viewport,
      });
      try {
        const page = await context.newPage();
        await page.goto(`${base}/studio/sign-in`);
        await page.screenshot({ path: join(out, `sign-in-${width}.png`) });
        await page.fill('#api_key', api_key);
        await Promise.all([page.waitForURL(`${base}/studio/recipes`), page.click('form[action="/studio/session"] button')]);
        for (const [name, url, prepare] of pages) {
          await page.goto(`${base}${url}`, { waitUntil: 'load' });
          await prepare(page);
          await page.screenshot({ path: join(out, `${name}-${width}.png`) });
          console.log(`${out}/${name}-${width}.png`);
        }
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
