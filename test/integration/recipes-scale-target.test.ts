// Scale to a target (docs/api.md#scale): target_servings, target_packages or target_grams instead
// of scale_amount, on every database. The amount follows from the original's yield; refusals are 422
// in the contract shape and create nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences, type Snapshotter } from '../support/db-snapshot.js';
import { expectError } from '../support/error-shape.js';

const OZ = 28.349523125;

describe.each(databaseKinds())('scale to a target on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  let original: any;
  let empty: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
    const flour = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
    const sugar = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Sugar', weight1: 200, calories: 774 }))).ingredient.id;
    // 2 packages of 6 servings; 600 g of dough baked to 10 oz a package (moisture loss).
    original = json(
      await t.client().post('/v1/recipes/shortcut', {
        recipe: {
          name: 'Cookies',
          packages: 2,
          servings: 6,
          labor_cost: 12,
          package_yield_quantity: 10,
          package_yield_unit: 'oz',
          recipe_ingredients: [
            { ingredient_id: flour, total_grams: 500 },
            { ingredient_id: sugar, total_grams: 100 },
          ],
        },
      }),
    ).recipe;
    empty = json(await t.client().post('/v1/recipes', { name: 'Nothing yet', packages: 1, servings: 4 })).recipe;
  });
  afterAll(async () => {
    await snapshots?.close();
    await t?.close();
  });

  const scale = (id: number, body: Record<string, unknown>, as: 'json' | 'form' = 'json') =>
    t.client().post(`/v1/recipes/${id}/scale`, body, as);

  it('target_servings: the new batch yields that many servings, each the same as before', async () => {
    const res = await scale(original.id, { target_servings: 36 });
    expect(res.statusCode).toBe(201);
    const scaled = json(res).recipe;
    expect(scaled.name).toBe('Cookies (36 servings)');
    expect(scaled.packages * scaled.servings).toBeCloseTo(36, 9);
    expect(scaled).toMatchObject({ packages: 6, servings: 6 });
    expect(scaled.total_grams).toBeCloseTo(3 * original.total_grams, 9);
    expect(scaled.labor_cost).toBeCloseTo(36, 9);
    expect(scaled.nutrition.calories).toBeCloseTo(original.nutrition.calories, 9);
    expect(scaled.serving_grams).toBeCloseTo(original.serving_grams, 9);
  });

  it('target_packages (a form string, wrapped): that many packages of the same size', async () => {
    const res = await scale(original.id, { recipe: { target_packages: '5' } }, 'form');
    expect(res.statusCode).toBe(201);
    const scaled = json(res).recipe;
    expect(scaled).toMatchObject({ name: 'Cookies (5 packages)', packages: 5, servings: 6 });
    expect(scaled.package_yield_quantity).toBeCloseTo(10, 9);
    expect(scaled.total_grams).toBeCloseTo(2.5 * original.total_grams, 9);
  });

  it('target_grams: the finished weight of the batch (the package yield, in grams)', async () => {
    const batchGrams = 2 * 10 * OZ;
    const res = await scale(original.id, { target_grams: 1000, name: 'Kilo of cookies', sku: 'CK-1000' });
    expect(res.statusCode).toBe(201);
    const scaled = json(res).recipe;
    expect(scaled).toMatchObject({ name: 'Kilo of cookies', sku: 'CK-1000' });
    expect(scaled.packages * scaled.package_yield_quantity * OZ).toBeCloseTo(1000, 6);
    expect(scaled.total_grams).toBeCloseTo((1000 / batchGrams) * original.total_grams, 6);
    expect(scaled.nutrition_per_100g.calories).toBeCloseTo(original.nutrition_per_100g.calories, 9);
  });

  it('target_grams with the default yield: the net weight', async () => {
    const flour = json(await t.client().get(`/v1/recipes/${original.id}/recipe_ingredients`)).recipe.recipe_ingredients[0].recipe_ingredient
      .ingredient_id;
    const plain = json(
      await t.client().post('/v1/recipes/shortcut', { recipe: { name: 'Plain', ingredient_ids: `${flour}`, ingredient_weights: '200' } }),
    ).recipe;
    // The default yield is the net weight (docs/api.md#recipes).
    expect(plain.package_grams).toBeCloseTo(plain.net_grams, 9);
    const res = await scale(plain.id, { target_grams: 300 });
    expect(res.statusCode).toBe(201);
    expect(json(res).recipe.net_grams).toBeCloseTo(300, 9);
    expect(json(res).recipe.name).toBe('Plain (300 g)');
  });

  it.each([
    [{ target_servings: 0 }, ['target_servings']],
    [{ target_servings: 'many' }, ['target_servings']],
    [{ target_packages: 0.5 }, ['target_packages']],
    [{ target_grams: -5 }, ['target_grams']],
    [{ target_grams: true }, ['target_grams']],
    [{ target_grams: 1e7 }, ['target_grams']],
    [{ target_servings: 12, target_grams: 100 }, ['target_servings', 'target_grams']],
    [{ scale_amount: 2, target_packages: 4 }, ['scale_amount', 'target_packages']],
  ])('%j is 422 naming %j and creates nothing', async (body, fields) => {
    const before = await snapshots.take();
    const res = await scale(original.id, body);
    const error = expectError(res, 422, 'ValidationFailed');
    expect(Object.keys(error.errors as object).sort()).toEqual([...fields].sort());
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });

  it('target_grams of a recipe without weight is 422; an unknown recipe 404', async () => {
    const before = await snapshots.take();
    expectError(await scale(empty.id, { target_grams: 100 }), 422, 'ValidationFailed');
    expectError(await scale(999_999, { target_grams: 100 }), 404, 'NotFound');
    expectError(await t.client(t.accountB.key).post(`/v1/recipes/${original.id}/scale`, { target_servings: 12 }), 404, 'NotFound');
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });
});
