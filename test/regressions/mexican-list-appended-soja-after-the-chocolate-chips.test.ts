// The Mexican label of the chocolate chip cookies printed "Chispas de chocolate (leche, soja) (azúcar, ...,
// grasa láctea, lecitina de soya, ...)": the allergens were looked for in the EU's Spanish ("soja",
// "cacahuetes") and among the EU's milk foods, so neither "grasa láctea" nor "lecitina de soya" was found and
// both were appended to the chips' name, in Spain's spelling, beside a "Contiene: ... soya." in Mexico's.
// NOM-051 4.2.2.2.3 in Mexican Spanish: "soya", "cacahuate"; milk at "grasa láctea". Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const runsText = (runs: Array<{ text: string }>) => runs.map((r) => r.text).join('');
const bold = (runs: Array<{ text: string; emphasis: boolean }>) => runs.filter((r) => r.emphasis).map((r) => r.text);

describe.each(databaseKinds())('Mexican allergen words in a compound ingredient, on %s', (kind) => {
  let t: TestApp;
  let recipeId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const c = t.client();
    const chips = json(
      await c.post(
        '/v1/ingredients',
        flourBody({
          name: 'Chocolate chips',
          names: { es: 'Chispas de chocolate' },
          ingredient_list: 'sugar, chocolate, cocoa butter, milkfat, soy lecithin, peanuts',
          ingredient_lists: { es: 'azúcar, chocolate, manteca de cacao, grasa láctea, lecitina de soya, cacahuates' },
          allergens: { milk: true, soy: true, peanut: true },
        }),
      ),
    ).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Chips', servings: 4 } })).recipe;
    recipeId = recipe.id;
    const line = await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
      recipe_ingredient: { ingredient_id: chips.id, total_grams: 100 },
    });
    expect(line.statusCode, line.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('NOM-051 4.2.2.2.3: emphasis on "láctea", "soya" and "cacahuates" inside the list, nothing appended to the name', async () => {
    const label = json(await t.client().get(`/v1/recipes/${recipeId}/label?language=es-MX`)).label;
    expect(runsText(label.ingredient_statement_runs)).toBe(
      'Chispas de chocolate (azúcar, chocolate, manteca de cacao, grasa láctea (leche), lecitina de soya, cacahuates)',
    );
    expect(bold(label.ingredient_statement_runs)).toEqual(['leche', 'soya', 'cacahuates']);
    expect(label.allergen_statement).toBe('Contiene: leche, cacahuate, soya.');
  });

  it('an allergen no word of the list names is appended in Mexican Spanish ("soya", never "soja")', async () => {
    const c = t.client();
    const oil = json(
      await c.post('/v1/ingredients', flourBody({ name: 'Oil blend', names: { es: 'Mezcla de aceites' }, allergens: { soy: true } })),
    ).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Oil', servings: 1 } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: oil.id, total_grams: 10 } });
    const mx = json(await c.get(`/v1/recipes/${recipe.id}/label?language=es-MX`)).label;
    expect(runsText(mx.ingredient_statement_runs)).toBe('Mezcla de aceites (soya)');
    const es = json(await c.get(`/v1/recipes/${recipe.id}/label?language=es-ES`)).label;
    expect(runsText(es.ingredient_statement_runs)).toBe('Mezcla de aceites (soja)');
  });
});
