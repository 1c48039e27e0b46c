// End to end: a sugar cookie made from the imported USDA butter, flour, sugar and egg printed
// "Calories 90", "Saturated Fat 0g", claimed "Saturated Fat Free", had no "Contains" line, "0g Added
// Sugars" and a serving in mL. Rebuilt here through HTTP from the genuine April 2023 Foundation release,
// imported with the service `recipal import usda` runs (docs/api.md#public-library).
//
// What the release says (food_nutrient.csv, per 100 g; nutrient ids as in src/core/usda/nutrient-map.ts):
// - 789828 "Butter, stick, unsalted": fat 1004 = 81.5, cholesterol 1253 = 234, sodium 1093 = 10, calcium 14,
//   iron 0.03, potassium 19; no energy (1008/2048/2047), no protein, carbohydrate, saturated or trans fat,
//   fibre, sugars or vitamin D: its energy cannot be computed (4/9/4 needs all three macros).
// - 789890 "Flour, wheat, all-purpose, enriched, bleached": energy 1008 = 366, protein 10.9, fat 1.48,
//   carbohydrate 77.3, sodium 2, calcium, iron, potassium; no saturated or trans fat, cholesterol, fibre,
//   sugars or vitamin D.
// - 746784 "Sugars, granulated": energy 385, protein 0, fat 0.32, carbohydrate 99.6, sugars 1063 = 99.8
//   (so added sugars 99.8, 21 CFR 101.9(c)(6)(iii)), sodium 1; no saturated or trans fat, cholesterol,
//   fibre or vitamin D.
// - 748967 "Eggs, Grade A, Large, egg whole": everything on the label but trans fat and added sugars.
// The story's "Sodium 0mg" does not come from this release: every one of these foods has a sodium value.
// The importer sets what the foods' nature fixes at zero where the release is blank (docs/labeling.md#zero-by-nature,
// named in nutrients_inferred): added sugars 0 in the butter, flour and egg (single-ingredient foods),
// cholesterol 0 in the flour (a plant food). Nothing else: the sugar's cholesterol stays unknown.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import { createTestApp, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { F2023, releaseNutrients } from '../support/usda-data.js';

const FOODS = {
  butter: { fdcId: 789828, query: 'Butter, stick, unsalted' },
  flour: { fdcId: 789890, query: 'Flour, wheat, all-purpose, enriched, bleached' },
  sugar: { fdcId: 746784, query: 'Sugars, granulated' },
  egg: { fdcId: 748967, query: 'Eggs, Grade A, Large, egg whole' },
} as const;
type Food = keyof typeof FOODS;

// A sugar cookie batch (grams): creamed butter and sugar, one egg, flour; 24 cookies.
const LINES: ReadonlyArray<[Food, number]> = [
  ['butter', 226],
  ['sugar', 200],
  ['egg', 50],
  ['flour', 375],
];
const COOKIES = 24;
const BAKED_GRAMS = 780; // 851 g of dough loses water in the oven: a mass yield, per-serving nutrients unchanged (docs/api.md#recipes)

// Which foods lack which label row, read off the release above less the values zero by nature
// (sodium and added sugars: none).
const MISSING: Record<string, Food[]> = {
  calories: ['butter'],
  fat_saturated: ['butter', 'flour', 'sugar'],
  fat_trans: ['butter', 'flour', 'sugar', 'egg'],
  cholesterol: ['sugar'],
  carbohydrate: ['butter'],
  fiber: ['butter', 'flour', 'sugar'],
  sugar: ['butter', 'flour'],
  protein: ['butter'],
  vitamin_d: ['butter', 'flour', 'sugar'],
};
const BAND = 'INCOMPLETE DATA - NOT FOR PRINT';
const BAND_FR = 'DONNÉES INCOMPLÈTES - NE PAS IMPRIMER';

// Set LOOK_AT_COOKIE=<folder> to keep the rendered PNG and PDF (and the PDF's first page as PNG) to look at.
const lookDir = process.env.LOOK_AT_COOKIE;

describe('the April 2023 Foundation release', () => {
  it('has no energy, protein, carbohydrate or saturated fat for the butter, and has its sodium', () => {
    const butter = releaseNutrients(F2023, new Set([FOODS.butter.fdcId])).get(FOODS.butter.fdcId)!;
    for (const id of [1008, 2048, 2047, 1003, 1005, 1258, 1326]) expect(butter.has(id), `nutrient ${id}`).toBe(false);
    expect(butter.get(1004)).toBe(81.5);
    expect(butter.get(1093)).toBe(10);
  });
});

describe.each(databaseKinds())('the sugar cookie from the USDA library on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  const ids = {} as Record<Food, number>;
  let cookie: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    const result = await importUsda(t.ctx, { source: F2023 });
    if (!result.ok) throw new Error(result.error);
    for (const [food, { fdcId, query }] of Object.entries(FOODS) as Array<[Food, (typeof FOODS)[Food]]>) {
      const found = json(await c.get(`/v1/ingredients/search?q=${encodeURIComponent(query)}`));
      const hit = (found as Array<{ ingredient: any }>).map((e) => e.ingredient).find((i) => i.name === query);
      expect(hit, query).toBeDefined();
      ids[food] = hit.id;
      expect(json(await c.get(`/v1/ingredients/${hit.id}`)).ingredient.fdc_id).toBe(fdcId);
    }
    cookie = await bakeCookie('Sugar cookie');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  async function bakeCookie(name: string, swap: Partial<Record<Food, number>> = {}): Promise<number> {
    const recipe = json(
      await c.post('/v1/recipes', {
        recipe: {
          name,
          packages: 1,
          servings: COOKIES,
          suggested_serving: '1 cookie',
          package_yield_quantity: BAKED_GRAMS,
          // Cookies: a 30 g RACC (21 CFR 101.12(b)); claims are judged on it and per 50 g.
          label_settings: { racc_category: 'cookies' },
        },
      }),
    ).recipe;
    for (const [food, total_grams] of LINES) {
      const res = await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: swap[food] ?? ids[food], total_grams },
      });
      expect(res.statusCode, food).toBe(201);
    }
    return recipe.id;
  }

  const label = async (id: number, language = 'en-US') => {
    const res = await c.get(`/v1/recipes/${id}/label?language=${language}`);
    expect(res.statusCode).toBe(200);
    return { label: json(res).label, header: res.headers['x-label-complete'] };
  };

  it('the recipe names every food that lacks a label nutrient, butter for each of its gaps', async () => {
    const recipe = json(await c.get(`/v1/recipes/${cookie}`)).recipe;
    const missing = Object.fromEntries(
      Object.entries(recipe.missing_nutrients as Record<string, Array<{ ingredient_id: number; grams: number; recipe_id: number }>>).map(
        ([key, lines]) => [key, lines.map((l) => l.ingredient_id).sort((a, b) => a - b)],
      ),
    );
    const expected = Object.fromEntries(
      Object.entries(MISSING).map(([key, foods]) => [key, foods.map((f) => ids[f]).sort((a, b) => a - b)]),
    );
    expect(missing).toEqual(expected);
    // The gaps the release leaves that the foods' nature closes are marked, not silently zero.
    const inferred = async (food: Food) => json(await c.get(`/v1/ingredients/${ids[food]}`)).ingredient.nutrients_inferred;
    expect(await inferred('flour')).toEqual({ cholesterol: 'plant food', added_sugar: 'single-ingredient food' });
    for (const food of ['butter', 'egg'] as const) expect(await inferred(food)).toEqual({ added_sugar: 'single-ingredient food' });
    expect(await inferred('sugar')).toEqual({});
    expect(recipe.missing_nutrients.calories).toEqual([
      { ingredient_id: ids.butter, name: FOODS.butter.query, grams: 226, recipe_id: cookie },
    ]);
    expect(recipe.missing_nutrients.sodium).toBeUndefined();
    // Known values are still summed: energy from flour, sugar and egg only, not 9 x the butter's fat.
    const perServing = (375 * 3.66 + 200 * 3.85 + 50 * 1.48) / COOKIES;
    expect(recipe.nutrition.calories).toBeCloseTo(perServing, 1);
    expect(recipe.serving_ml).toBeNull();
  });

  it('label data: incomplete, every gap warned, no claim resting on an unknown, the allergens and added sugars', async () => {
    const { label: us, header } = await label(cookie);
    expect(header).toBe('false');
    expect(us.complete).toBe(false);
    const warned = us.warnings.filter((w: any) => w.code === 'missing_nutrient');
    expect(warned.map((w: any) => w.nutrient).sort()).toEqual(Object.keys(MISSING).sort());
    expect(warned.every((w: any) => w.accepted === false)).toBe(true);
    const butterGaps = warned.filter((w: any) => MISSING[w.nutrient]!.includes('butter'));
    expect(butterGaps.every((w: any) => w.ingredient_ids.includes(ids.butter))).toBe(true);
    const inferred = us.warnings.find((w: any) => w.code === 'inferred_allergens');
    expect(inferred.ingredient_ids.sort((a: number, b: number) => a - b)).toEqual([ids.butter, ids.egg, ids.flour].sort((a, b) => a - b));

    for (const claim of [
      'Saturated Fat Free',
      'Low Saturated Fat',
      'Calorie Free',
      'Low Calorie',
      'Fat Free',
      'Cholesterol Free',
      'Sugar Free',
      'Trans Fat Free',
    ]) {
      expect(us.claims).not.toContain(claim);
    }
    // Sodium is known for every food, and this cookie has no salt: (226 x 0.10 + 200 x 0.01 + 50 x 1.29 +
    // 375 x 0.02) / 24 = 4.0 mg a cookie, under 5 mg, so "0mg" (21 CFR 101.9(c)(4)) and "Sodium Free"
    // (101.61(b)(1)) are true on the data, not nulls summed as zeros. The claim made brings the disclosure
    // of the nutrients whose unknowns might pass a 101.13(h) level.
    const recipe = json(await c.get(`/v1/recipes/${cookie}`)).recipe;
    expect(recipe.nutrition.sodium).toBeCloseTo((226 * 0.1 + 200 * 0.01 + 50 * 1.29 + 375 * 0.02) / COOKIES, 5);
    const row = (key: string) => us.nutrients.find((n: any) => n.key === key);
    expect(row('sodium').display).toBe('0mg');
    // The printed calories are the known part only, (375 x 3.66 + 200 x 3.85 + 50 x 1.48) / 24 = 92 kcal,
    // declared 90, under the 8 g of fat alone would give: which is why the label is incomplete and banded.
    expect(row('calories').amount).toBe(90);
    expect(row('fat').amount).toBe(8);
    expect(us.claims).toEqual([`${'Sugar cookie'}, a sodium-free food`]); // 21 CFR 101.13(e)(2): true of every such cookie
    expect(us.disclosures).toEqual(['See nutrition information for saturated fat and cholesterol content']);
    // Sugar carries added sugars: 200 g x 99.8 % over 24 cookies is about 8 g, never "0g".
    expect(row('added_sugar').amount).toBe(8);
    expect(us.allergen_statement).toBe('Contains: Milk, Egg, Wheat');

    // Grams, never mL: 780 g / 24 = 32.5 g, declared in whole grams (21 CFR 101.9(b)(7)).
    expect(recipe.serving_grams).toBeCloseTo(BAKED_GRAMS / COOKIES, 5);
    expect(us.serving_size.grams).toBe(33);
    expect(us.serving_size.display).toBe('1 cookie (33g)');
    expect(us.serving_size.display).not.toMatch(/mL/);

    const { label: ca } = await label(cookie, 'en-CA');
    expect(ca.allergen_statement).toBe('Contains: Milk, Egg, Wheat');
    const { label: fr } = await label(cookie, 'fr-CA');
    expect(fr.allergen_statement).toBe('Contient : Lait, Œufs, Blé');
    expect(fr.complete).toBe(false);
    // The library foods have no French names: the French ingredient statement falls back to English, and says so.
    const untranslated = fr.warnings.find((w: any) => w.code === 'missing_translation');
    expect(untranslated.ingredient_ids.sort((a: number, b: number) => a - b)).toEqual(Object.values(ids).sort((a, b) => a - b));
    expect(fr.serving_size.display).not.toMatch(/mL/);
  });

  it('every rendered file carries the band and X-Label-Complete: false', async () => {
    const svg = await c.get(`/v1/recipes/${cookie}/label.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['x-label-complete']).toBe('false');
    expect(svg.body).toContain(BAND);
    const frSvg = await c.get(`/v1/recipes/${cookie}/label.svg?language=fr-CA`);
    expect(frSvg.body).toContain(BAND_FR);
    const bilingual = await c.get(`/v1/recipes/${cookie}/label.svg?language=en-CA&format=ca_bilingual`);
    expect(bilingual.statusCode).toBe(200);
    expect(bilingual.body).toContain(BAND);
    expect(bilingual.body).toContain(BAND_FR);

    const png = await c.get(`/v1/recipes/${cookie}/label.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['x-label-complete']).toBe('false');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const pdf = await c.get(`/v1/recipes/${cookie}/label.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['x-label-complete']).toBe('false');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const frPng = await c.get(`/v1/recipes/${cookie}/label.png?language=fr-CA&zoom=2`);
    expect(frPng.statusCode).toBe(200);
    expect(frPng.headers['x-label-complete']).toBe('false');
    if (lookDir) {
      writeFileSync(join(lookDir, `cookie-${kind}.png`), png.rawPayload);
      writeFileSync(join(lookDir, `cookie-${kind}-fr.png`), frPng.rawPayload);
      writeFileSync(join(lookDir, `cookie-${kind}.pdf`), pdf.rawPayload);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '100',
        '-f',
        '1',
        '-l',
        '1',
        join(lookDir, `cookie-${kind}.pdf`),
        join(lookDir, `cookie-${kind}-pdf`),
      ]);
    }
  }, 60_000);

  it('complete once the gaps are accepted: warnings stay, accepted, and the band goes', async () => {
    const accepted = await bakeCookie('Sugar cookie, gaps accepted');
    const res = await c.put(`/v1/recipes/${accepted}`, { recipe: { label_settings: { accept_missing: Object.keys(MISSING) } } });
    expect(res.statusCode).toBe(200);
    const { label: us, header } = await label(accepted);
    expect(header).toBe('true');
    expect(us.complete).toBe(true);
    const warned = us.warnings.filter((w: any) => w.code === 'missing_nutrient');
    expect(warned).toHaveLength(Object.keys(MISSING).length);
    expect(warned.every((w: any) => w.accepted === true)).toBe(true);
    // Accepting completes the table, but no claim rests on an unknown, accepted or not (docs/api.md#claims):
    // the butter's saturated fat taken as zero would otherwise claim "Saturated Fat Free" on a butter
    // cookie, the very false claim this test is named after.
    expect(us.claims).toEqual([`${'Sugar cookie, gaps accepted'}, a sodium-free food`]); // 21 CFR 101.13(e)(2): true of every such cookie
    const svg = await c.get(`/v1/recipes/${accepted}/label.svg`);
    expect(svg.headers['x-label-complete']).toBe('true');
    expect(svg.body).not.toContain(BAND);
  });

  it('complete once the butter is corrected through a copy, and the remaining gaps of the other foods accepted', async () => {
    const copied = await c.post(`/v1/ingredients/${ids.butter}/copy`, { ingredient: { name: 'Butter, unsalted (corrected)' } });
    expect(copied.statusCode).toBe(201);
    const copy = json(copied).ingredient;
    expect(copy).toMatchObject({ source: `ingredient:${ids.butter}`, fdc_id: null, allergens_inferred: true });
    expect(copy).toMatchObject({ allergens: { milk: true }, usda_verified: false, public: false, fat: 81.5, calories: null, weight1: 100 });
    // What a person would type in from USDA SR Legacy 01145 "Butter, without salt" (per 100 g: 717 kcal,
    // protein 0.85 g, carbohydrate 0.06 g, saturated fat 51.4 g, trans fat 3.3 g, fibre 0, sugars 0.06 g,
    // vitamin D 1.5 µg). SR Legacy is not among the releases this test reads; the figures stand for a
    // user's correction. Plain butter has no added sugars (21 CFR 101.9(c)(6)(iii)). Relative to weight1 = 100 g.
    const put = await c.put(`/v1/ingredients/${copy.id}`, {
      ingredient: {
        calories: 717,
        protein: 0.85,
        carbohydrate: 0.06,
        fat_saturated: 51.4,
        fat_trans: 3.3,
        fiber: 0,
        sugar: 0.06,
        added_sugar: 0,
        vitamin_d_mcg: 1.5,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(await c.get(`/v1/ingredients/${ids.butter}`)).ingredient).toMatchObject({ calories: null, fat_saturated: null });
    const corrected = await bakeCookie('Sugar cookie, corrected butter', { butter: copy.id });
    const recipe = json(await c.get(`/v1/recipes/${corrected}`)).recipe;
    const butterGaps = Object.entries(recipe.missing_nutrients as Record<string, Array<{ ingredient_id: number }>>).filter(([, lines]) =>
      lines.some((l) => l.ingredient_id === copy.id || l.ingredient_id === ids.butter),
    );
    expect(butterGaps).toEqual([]);
    // What stays unknown is what the other foods lack.
    const remaining = Object.fromEntries(
      Object.entries(MISSING)
        .map(([key, foods]) => [key, foods.filter((f) => f !== 'butter')] as const)
        .filter(([, foods]) => foods.length > 0),
    );
    expect(Object.keys(recipe.missing_nutrients).sort()).toEqual(Object.keys(remaining).sort());
    for (const [key, foods] of Object.entries(remaining)) {
      expect(
        recipe.missing_nutrients[key].map((l: any) => l.ingredient_id).sort((a: number, b: number) => a - b),
        key,
      ).toEqual(foods.map((f) => ids[f]).sort((a, b) => a - b));
    }
    expect(recipe.missing_nutrients.calories).toBeUndefined();
    // Energy now known for every line: (226 x 7.17 + 375 x 3.66 + 200 x 3.85 + 50 x 1.48) / 24.
    expect(recipe.nutrition.calories).toBeCloseTo((226 * 7.17 + 375 * 3.66 + 200 * 3.85 + 50 * 1.48) / COOKIES, 1);

    expect((await label(corrected)).label.complete).toBe(false);
    await c.put(`/v1/recipes/${corrected}`, { recipe: { label_settings: { accept_missing: Object.keys(remaining) } } });
    const { label: us, header } = await label(corrected);
    expect(header).toBe('true');
    expect(us.complete).toBe(true);
    // Calories from every line: 159.9 kcal, declared 160 (nearest 10 above 50 kcal, 21 CFR 101.9(c)(1)).
    // Saturated fat: (226 x 0.514 + 50 x 0.032) / 24 = 4.9 g, declared 5 (nearest 0.5 g under 5 g, 101.9(c)(2)(i)).
    const row = (key: string) => us.nutrients.find((n: any) => n.key === key);
    expect(row('calories').amount).toBe(160);
    expect(row('fat_saturated').amount).toBe(5);
    // Saturated fat is 7.5 g per 50 g (101.13(h)(1): small RACC), over the 4 g level: disclosed next to the
    // claim; cholesterol too, since the sugar's is unknown (accepted, but no claim rests on it).
    expect(us.claims).toEqual([`${'Sugar cookie, corrected butter'}, a sodium-free food`]); // 21 CFR 101.13(e)(2): true of every such cookie
    expect(us.disclosures).toEqual(['See nutrition information for saturated fat and cholesterol content']);
    expect(us.warnings.filter((w: any) => w.code === 'missing_nutrient').map((w: any) => [w.nutrient, w.accepted])).toEqual(
      Object.keys(remaining).map((key) => [key, true]),
    );
    expect(us.claims).not.toContain('Saturated Fat Free');
    expect(us.allergen_statement).toBe('Contains: Milk, Egg, Wheat');
  });
});
