// A scaled copy kept the original's `sku`, so two products (sizes) shared one SKU. A scaled
// copy is another product size: its sku is null unless the scale request gives one (docs/api.md#recipes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('scaling a recipe with a sku on %s', (kind) => {
  let t: TestApp;
  let recipe: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const flour = json(await t.client().post('/v1/ingredients', flourBody())).ingredient;
    recipe = json(await t.client().post('/v1/recipes', { recipe: { name: 'Loaf', sku: 'LOAF-500' } })).recipe;
    await t
      .client()
      .post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: flour.id, total_grams: 500 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['scale_amount 2, no sku', { scale_amount: 2 }, null],
    ['an exact copy, no sku', { scale_amount: 1 }, null],
    ['a blank sku', { scale_amount: 2, sku: '  ' }, null],
    ['its own sku', { scale_amount: 2, sku: ' LOAF-1000 ' }, 'LOAF-1000'],
  ])('%s', async (_case, body, sku) => {
    const res = await t.client().post(`/v1/recipes/${recipe.id}/scale`, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).recipe.sku).toBe(sku);
    expect(json(await t.client().get(`/v1/recipes/${recipe.id}`)).recipe.sku).toBe('LOAF-500');
  });

  it('a sku that is not text is a 4xx in the error shape and makes no copy', async () => {
    const before = json(await t.client().get('/v1/recipes?page_size=100')).length;
    const res = await t.client().post(`/v1/recipes/${recipe.id}/scale`, { scale_amount: 2, sku: { code: 'X' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(json(res).error).toBeTruthy();
    expect(json(await t.client().get('/v1/recipes?page_size=100')).length).toBe(before);
  });
});
