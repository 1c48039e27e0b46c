// Regression: a recipe of library foods (flour, eggs, butter, sugar) carried a missing_nutrient warning
// for every value USDA leaves blank, including values the food's nature fixes: cholesterol in flour
// (a plant food), added sugars in eggs and butter (single-ingredient foods), so a bakery's every
// label was "incomplete" eleven times over. Those values are now zero by nature, marked on the
// ingredient (`nutrients_inferred`), and a real gap still warns (docs/labeling.md "Zero by nature").
// On the genuine 2023 Foundation release, both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

import { appWithLibrary } from '../support/usda-library.js';

const FLOUR = 'Flour, wheat, all-purpose, enriched, bleached';
const EGG = 'Eggs, Grade A, Large, egg whole';
const BUTTER = 'Butter, stick, unsalted';
const SUGAR = 'Sugars, granulated';

describe.each(databaseKinds())('library recipes and values zero by nature on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let warnings: Array<{ code: string; nutrient?: string; ingredient_ids?: number[] }>;
  let missing: Record<string, Array<{ ingredient_id: number }>>;
  beforeAll(async () => {
    t = await appWithLibrary(kind, { sr28: false, foundation: true });
    const c = t.client();
    for (const name of [FLOUR, EGG, BUTTER, SUGAR]) {
      const found = json(await c.get(`/v1/ingredients/search?q=${encodeURIComponent(name)}`)) as Array<{
        ingredient: { id: number; name: string };
      }>;
      ids[name] = found.find((e) => e.ingredient.name === name)!.ingredient.id;
    }
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Cookies', servings: 24 } })).recipe;
    for (const [name, grams] of [
      [FLOUR, 280],
      [BUTTER, 226],
      [SUGAR, 200],
      [EGG, 100],
    ] as const) {
      const line = await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: ids[name], total_grams: grams },
      });
      expect(line.statusCode, line.body).toBe(201);
    }
    warnings = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label.warnings;
    missing = json(await c.get(`/v1/recipes/${recipe.id}`)).recipe.missing_nutrients;
  }, 300_000);
  afterAll(() => t.close());

  const ingredient = async (name: string) => json(await t.client().get(`/v1/ingredients/${ids[name]}`)).ingredient;

  it('marks what the importer set: cholesterol 0 in flour, added sugars 0 in eggs and butter', async () => {
    const flour = await ingredient(FLOUR);
    expect(flour.nutrients_inferred).toMatchObject({ cholesterol: 'plant food', added_sugar: 'single-ingredient food' });
    expect(flour.cholesterol).toBe(0);
    expect((await ingredient(EGG)).nutrients_inferred).toMatchObject({ added_sugar: 'single-ingredient food' });
    expect((await ingredient(BUTTER)).nutrients_inferred).toMatchObject({ added_sugar: 'single-ingredient food' });
    expect((await ingredient(EGG)).nutrients_inferred.cholesterol).toBeUndefined(); // eggs have cholesterol: FDC's value
  });

  it('no missing_nutrient warning for a value zero by nature', () => {
    // Added sugars: flour, eggs and butter zero by nature, sugar's equal to its sugars; none missing.
    expect(missing.added_sugar ?? []).toEqual([]);
    expect(warnings.filter((w) => w.code === 'missing_nutrient' && w.nutrient === 'added_sugar')).toEqual([]);
    // Cholesterol: the flour is no longer among the foods missing it (butter's blank is a real gap).
    expect((missing.cholesterol ?? []).map((e) => e.ingredient_id)).not.toContain(ids[FLOUR]);
    const cholesterol = warnings.find((w) => w.code === 'missing_nutrient' && w.nutrient === 'cholesterol');
    expect(cholesterol?.ingredient_ids ?? []).not.toContain(ids[FLOUR]);
  });

  it('a real gap still warns: every missing value is null on its ingredient, never an inferred zero', async () => {
    expect(Object.keys(missing).length).toBeGreaterThan(0); // Foundation foods lack some label values
    for (const [key, entries] of Object.entries(missing)) {
      expect(
        warnings.some((w) => w.code === 'missing_nutrient' && w.nutrient === key) || !['calories', 'fat', 'sodium'].includes(key),
      ).toBe(true);
      for (const entry of entries) {
        const food = json(await t.client().get(`/v1/ingredients/${entry.ingredient_id}`)).ingredient;
        if (!(key in food)) continue; // a label key with two ingredient fields (vitamin_d: _mcg and _IU)
        expect(food[key], `${food.name} ${key}`).toBeNull();
        expect(food.nutrients_inferred[key]).toBeUndefined();
      }
    }
  });

  it('a value a person writes drops its mark', async () => {
    const copy = json(await t.client().post(`/v1/ingredients/${ids[FLOUR]}/copy`)).ingredient;
    expect(copy.nutrients_inferred).toMatchObject({ cholesterol: 'plant food' });
    const put = await t.client().put(`/v1/ingredients/${copy.id}`, { cholesterol: 0 });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put).ingredient.nutrients_inferred.cholesterol).toBeUndefined();
  });
});
