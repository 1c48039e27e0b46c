// Regression: a recipe of library foods printed USDA's database descriptions in its ingredient
// statement ("Flour, wheat, all-purpose, enriched, bleached, Butter, stick, unsalted, ..."). Library
// foods now carry a statement name, their common name (21 CFR 101.4(a)(1)), generated from the
// description by documented rules (docs/labeling.md "Statement names"); a label using a generated
// one warns `generated_statement_name`, naming the ingredients, until the account sets its own on a
// copy. On the genuine 2023 Foundation release, both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

import { appWithLibrary } from '../support/usda-library.js';

const FOODS: ReadonlyArray<[string, number, string]> = [
  ['Flour, wheat, all-purpose, enriched, bleached', 280, 'enriched bleached all-purpose wheat flour'],
  ['Butter, stick, unsalted', 226, 'unsalted butter'],
  ['Sugars, granulated', 200, 'sugar'],
  ['Eggs, Grade A, Large, egg whole', 100, 'whole eggs'],
];

describe.each(databaseKinds())('statement names of library foods on %s', (kind) => {
  let t: TestApp;
  let recipeId: number;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await appWithLibrary(kind, { sr28: false, foundation: true });
    const c = t.client();
    recipeId = json(await c.post('/v1/recipes', { recipe: { name: 'Cookies', servings: 24 } })).recipe.id;
    for (const [name, grams] of FOODS) {
      const found = json(await c.get(`/v1/ingredients/search?q=${encodeURIComponent(name)}`)) as Array<{
        ingredient: { id: number; name: string };
      }>;
      const id = found.find((e) => e.ingredient.name === name)!.ingredient.id;
      ids.push(id);
      const line = await c.post(`/v1/recipes/${recipeId}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: id, total_grams: grams },
      });
      expect(line.statusCode, line.body).toBe(201);
    }
  }, 300_000);
  afterAll(() => t.close());

  const label = async () => json(await t.client().get(`/v1/recipes/${recipeId}/label`)).label;

  it('each library food carries its generated statement name', async () => {
    for (const [index, [, , statement]] of FOODS.entries()) {
      const food = json(await t.client().get(`/v1/ingredients/${ids[index]}`)).ingredient;
      expect(food).toMatchObject({ statement_name: statement, statement_name_generated: true });
    }
  });

  it('the statement prints the common names by weight, never the descriptions, and warns naming them', async () => {
    const recipe = json(await t.client().get(`/v1/recipes/${recipeId}`)).recipe;
    expect(recipe.ingredient_list).toBe('enriched bleached all-purpose wheat flour, unsalted butter, sugar, whole eggs');
    const warning = (await label()).warnings.find((w: { code: string }) => w.code === 'generated_statement_name');
    expect(warning).toMatchObject({ accepted: false });
    expect([...warning.ingredient_ids].sort()).toEqual([...ids].sort());
    expect(warning.message).toContain('Flour, wheat, all-purpose, enriched, bleached');
  });

  it('a statement name set on a copy is the account’s: used as written, no warning for it', async () => {
    const c = t.client();
    const copy = json(await c.post(`/v1/ingredients/${ids[0]}/copy`)).ingredient;
    expect(copy).toMatchObject({ statement_name: 'enriched bleached all-purpose wheat flour', statement_name_generated: true });
    const put = await c.put(`/v1/ingredients/${copy.id}`, { statement_name: 'Wheat flour (enriched)' });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put).ingredient).toMatchObject({ statement_name: 'Wheat flour (enriched)', statement_name_generated: false });
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Shortbread', servings: 12 } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: copy.id, total_grams: 300 } });
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: ids[1], total_grams: 200 } });
    expect(json(await c.get(`/v1/recipes/${recipe.id}`)).recipe.ingredient_list).toBe('Wheat flour (enriched), unsalted butter');
    const warning = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label.warnings.find(
      (w: { code: string }) => w.code === 'generated_statement_name',
    );
    expect(warning.ingredient_ids).toEqual([ids[1]]);
  });

  it('a statement_name over 255 characters is a 422 naming the field, nothing written', async () => {
    const copy = json(await t.client().post(`/v1/ingredients/${ids[2]}/copy`)).ingredient;
    const put = await t.client().put(`/v1/ingredients/${copy.id}`, { statement_name: 'x'.repeat(256) });
    expect(put.statusCode).toBe(422);
    expect(put.body).toContain('statement_name');
    expect(json(await t.client().get(`/v1/ingredients/${copy.id}`)).ingredient.statement_name).toBe('sugar');
  });
});
