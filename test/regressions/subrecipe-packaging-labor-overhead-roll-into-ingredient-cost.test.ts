// A subrecipe's own packaging, labor and overhead rolled into its parent's ingredient cost.
// Now (docs/api.md#subrecipe-costs) the parent takes the share it uses of the subrecipe's
// ingredients, labor and overhead, each into its own bucket, and none of its packaging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())("a subrecipe's costs in its parent on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ingredients, labor and overhead by share, each in its bucket; no packaging', async () => {
    const a = t.client();
    const price = async (ingredient_id: number, unit: string, p: number) => {
      const res = await a.post('/v1/ingredient_costs', {
        ingredient_cost: { ingredient_id, unit, quantity: 1, price: p, effective_at: '2026-01-01' },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const flour = json(await a.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
    const jar = json(
      await a.post('/v1/ingredients', { name: 'Jar', food: false, non_food: 'packaging', description1: '1 jar', weight1: 10 }),
    ).ingredient.id;
    const cook = json(await a.post('/v1/ingredients', { name: 'Cook', food: false, non_food: 'labor', description1: '1 hour', weight1: 1 }))
      .ingredient.id;
    await price(flour, 'kg', 3); // 0.003/g
    await price(jar, 'jar', 0.4);
    await price(cook, 'hour', 20);

    // Roux: 1000 g flour (3.00), 2 jars (0.80) + packaging_cost 0.10 x 2 packages, 15 minutes of the
    // cook (5.00) + labor_cost 1, overhead_cost 2: ingredients 3, packaging 1, labor 6, overhead 2.
    const roux = json(
      await a.post('/v1/recipes/shortcut', {
        recipe: { name: 'Roux', packages: 2, labor_cost: 1, overhead_cost: 2, packaging_cost: 0.1 },
        recipe_ingredients: [
          { ingredient_id: flour, total_grams: 1000 },
          { ingredient_id: jar, unit: 'jar', quantity: 2 },
          { ingredient_id: cook, unit: 'minute', quantity: 15 },
        ],
      }),
    ).recipe;
    expect(roux.costs).toMatchObject({ ingredients: 3, packaging: 1, labor: 6, overhead: 2, batch: 12, per_package: 6 });
    const rouxIngredient = json(await a.post(`/v1/recipes/${roux.id}/create_subrecipe`)).ingredient.id;

    // Gravy: one package of roux (500 g: half of each bucket but packaging) + 100 g flour 0.30.
    const gravy = json(await a.post('/v1/recipes', { recipe: { name: 'Gravy' } })).recipe;
    for (const line of [
      { ingredient_id: rouxIngredient, unit: 'package', quantity: 1 },
      { ingredient_id: flour, total_grams: 100 },
    ]) {
      expect((await a.post(`/v1/recipes/${gravy.id}/recipe_ingredients`, { recipe_ingredient: line })).statusCode).toBe(201);
    }
    const costs = json(await a.get(`/v1/recipes/${gravy.id}`)).recipe.costs;
    expect(costs).toMatchObject({ ingredients: 1.8, packaging: 0, labor: 3, overhead: 1, batch: 5.8, missing_costs: [] });
  });
});
