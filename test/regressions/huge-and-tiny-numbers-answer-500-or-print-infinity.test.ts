// scale_amount=1e308 and package_yield_quantity=1.79e308 answered 500 (a batch of
// Infinity grams cannot be stored); weight1=5e-324 and calories=1e308 were saved and labels printed
// "InfinitymL". Every number a client writes now has a finite range (src/core/bounds.ts,
// docs/api.md#number-ranges): outside it is 422 ValidationFailed naming the field, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { contentSnapshot } from '../support/content-snapshot.js';
import { expectError } from '../support/error-shape.js';
import { createOneOfEach } from '../support/one-of-each.js';

describe("numbers outside their field's range", () => {
  let t: TestApp;
  let ingredient: number;
  let recipe: number;
  let line: number;
  let cost: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    ({ ingredient, recipe, line, cost } = await createOneOfEach(t.client()));
  });
  afterAll(async () => t?.close());

  type Case = [
    method: 'POST' | 'PUT',
    url: () => string,
    body: (value: unknown) => Record<string, unknown>,
    field: string,
    values: unknown[],
  ];
  const HUGE = [1e308, 1.79e308, '1e400', 1e12];
  const cases: Case[] = [
    ['POST', () => `/v1/recipes/${recipe}/scale`, (v) => ({ scale_amount: v }), 'scale_amount', [...HUGE, 10_001, 5e-324, 0.00001]],
    ['POST', () => `/v1/recipes/${recipe}/scale`, (v) => ({ scale_factor: v }), 'scale_factor', [1e308]],
    [
      'POST',
      () => '/v1/recipes',
      (v) => ({ recipe: { name: 'x', package_yield_quantity: v } }),
      'package_yield_quantity',
      [...HUGE, 10_000_001],
    ],
    ['PUT', () => `/v1/recipes/${recipe}`, (v) => ({ recipe: { servings: v } }), 'servings', [...HUGE, 1_000_001]],
    ['PUT', () => `/v1/recipes/${recipe}`, (v) => ({ recipe: { packages: v } }), 'packages', [...HUGE]],
    ['PUT', () => `/v1/recipes/${recipe}`, (v) => ({ recipe: { labor_cost: v } }), 'labor_cost', [...HUGE, 1_000_000_001]],
    ['PUT', () => `/v1/recipes/${recipe}`, (v) => ({ recipe: { overhead_cost: v, packaging_cost: 1 } }), 'overhead_cost', [...HUGE]],
    [
      'PUT',
      () => `/v1/recipes/${recipe}`,
      (v) => ({ recipe: { label_settings: { racc_grams: v } } }),
      'label_settings.racc_grams',
      [1e308, 10_000_001],
    ],
    ['POST', () => '/v1/ingredients', (v) => flourBody({ weight1: v }), 'weight1', [5e-324, 0.00009, ...HUGE]],
    ['POST', () => '/v1/ingredients', (v) => flourBody({ calories: v }), 'calories', [1e308, '1e400', 1_000_000_001]],
    ['POST', () => '/v1/ingredients', (v) => flourBody({ description2: '1 tbsp', weight2: v }), 'weight2', [5e-324, 1e308]],
    [
      'POST',
      () => '/v1/ingredients',
      (v) => flourBody({ description1: v }),
      'description1',
      ['1e-300 cup', '0.00001 cup', '1e300 cup', '99999999 cup'],
    ],
    ['PUT', () => `/v1/ingredients/${ingredient}`, (v) => ({ sodium: v }), 'sodium', [1e308]],
    [
      'POST',
      () => `/v1/recipes/${recipe}/recipe_ingredients`,
      (v) => ({ ingredient_id: ingredient, quantity: v }),
      'quantity',
      [...HUGE, 1_000_001],
    ],
    [
      'POST',
      () => `/v1/recipes/${recipe}/recipe_ingredients`,
      (v) => ({ ingredient_id: ingredient, total_grams: v }),
      'total_grams',
      [...HUGE, 10_000_001],
    ],
    [
      'POST',
      () => `/v1/recipes/${recipe}/recipe_ingredients`,
      (v) => ({ ingredient_id: v }),
      'ingredient_id',
      // biome-ignore lint/correctness/noPrecisionLoss: a number past 2^53 is the point of the case
      [1e300, 2_147_483_648, 9_007_199_254_740_993],
    ],
    ['PUT', () => `/v1/recipes/${recipe}/recipe_ingredients/${line}`, (v) => ({ quantity: v }), 'quantity', [1e308]],
    [
      'POST',
      () => '/v1/recipes/shortcut',
      (v) => ({ name: 's', ingredient_ids: [ingredient], ingredient_weights: v }),
      'ingredient_weights',
      [[1e308], '1e400', { a: 1 }, [{}], [10_000_001]],
    ],
    [
      'POST',
      () => '/v1/recipes/shortcut',
      (v) => ({ name: 's', recipe_ingredients: [{ ingredient_id: ingredient, quantity: v }] }),
      'recipe_ingredients[0].quantity',
      [1e308],
    ],
    ['POST', () => '/v1/recipes/shortcut', (v) => ({ name: 's', ingredient_ids: [ingredient], servings: v }), 'servings', [1e308]],
    [
      'POST',
      () => '/v1/ingredient_costs',
      (v) => ({ ingredient_cost: { ingredient_id: ingredient, unit: 'cup', quantity: 1, price: v, effective_at: '2026-02-01' } }),
      'price',
      [...HUGE, 1_000_000_001],
    ],
    [
      'POST',
      () => '/v1/ingredient_costs',
      (v) => ({ ingredient_cost: { ingredient_id: ingredient, unit: 'cup', quantity: v, price: 1, effective_at: '2026-02-01' } }),
      'quantity',
      [...HUGE],
    ],
    [
      'POST',
      () => '/v1/ingredient_costs',
      (v) => ({ ingredient_cost: { ingredient_id: v, unit: 'cup', quantity: 1, price: 1, effective_at: '2026-02-01' } }),
      'ingredient_id',
      [1e300, 2_147_483_648],
    ],
    ['PUT', () => `/v1/ingredient_costs/${cost}`, (v) => ({ shipping: v }), 'shipping', [1e308]],
  ];

  it('is 422 ValidationFailed naming the field, as JSON and as a form, and changes nothing', async () => {
    const before = await contentSnapshot(t.db.handle);
    for (const [method, url, body, field, values] of cases) {
      for (const value of values) {
        for (const as of ['json', 'form'] as const) {
          if (as === 'form' && typeof value === 'object') continue; // objects are JSON-only
          const c = t.client();
          const response = await (method === 'POST' ? c.post(url(), body(value), as) : c.put(url(), body(value), as));
          const context = { url: url(), field, value, as };
          expect({ ...context, status: response.statusCode }).toEqual({ ...context, status: 422 });
          const error = expectError(response, 422, 'ValidationFailed');
          expect({ ...context, fields: Object.keys(error.errors as object) }).toEqual({
            ...context,
            fields: expect.arrayContaining([field]),
          });
        }
      }
    }
    expect(await contentSnapshot(t.db.handle)).toEqual(before);
  });

  it('the largest and smallest values allowed are accepted and labels never print Infinity or NaN', async () => {
    const c = t.client();
    const tiny = json(
      await c.post('/v1/ingredients', flourBody({ name: 'Saffron', description1: '1 ml', weight1: 0.0001, calories: 1_000_000_000 })),
    );
    expect(tiny.ingredient.weight1).toBe(0.0001);
    const big = json(
      await c.post('/v1/recipes', {
        recipe: {
          name: 'Huge',
          servings: 1_000_000,
          packages: 1_000_000,
          package_yield_quantity: 10_000_000,
          package_yield_unit: 'ml',
          labor_cost: 1_000_000_000,
        },
      }),
    );
    const id = big.recipe.id;
    expect(
      (await c.post(`/v1/recipes/${id}/recipe_ingredients`, { ingredient_id: tiny.ingredient.id, quantity: 1_000_000 })).statusCode,
    ).toBe(201);
    expect((await c.post(`/v1/recipes/${id}/recipe_ingredients`, { ingredient_id: ingredient, total_grams: 10_000_000 })).statusCode).toBe(
      201,
    );
    const scaled = await c.post(`/v1/recipes/${id}/scale`, { scale_amount: 10_000 });
    expect(scaled.statusCode).toBe(201);
    for (const recipeId of [id, json(scaled).recipe.id]) {
      const shown = await c.get(`/v1/recipes/${recipeId}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).not.toMatch(/Infinity|NaN/);
      for (const path of ['label', 'label.svg']) {
        const label = await c.get(`/v1/recipes/${recipeId}/${path}`);
        expect(label.statusCode).toBe(200);
        expect(label.body).not.toMatch(/Infinity|NaN/);
      }
    }
  });
});
