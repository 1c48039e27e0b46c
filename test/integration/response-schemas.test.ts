// The response check of the test client (test/support/response-schemas.ts) through the real app: a
// body that drifts from its route's schema fails the request that received it, and the members the
// serializers send are exactly the members the field tables document (docs/api.md#ingredients to docs/api.md#costs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGREDIENT_FIELDS } from '../../src/http/resources/ingredients/fields.js';
import { INGREDIENT_COST_FIELDS } from '../../src/http/resources/ingredient-costs/fields.js';
import { RECIPE_FIELDS } from '../../src/http/resources/recipes/fields.js';
import { RECIPE_INGREDIENT_FIELDS } from '../../src/http/resources/recipe-ingredients/fields.js';
import { IngredientEnvelope } from '../../src/http/resources/ingredients/schemas.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { mismatchOf } from '../support/response-schemas.js';

describe.each(databaseKinds())('response schemas on %s', (kind) => {
  let t: TestApp;
  let flourId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    flourId = json(await t.client().post('/v1/ingredients', flourBody())).ingredient.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends exactly the members each field table names, in its order', async () => {
    const client = t.client();
    const ingredient = json(await client.get(`/v1/ingredients/${flourId}`)).ingredient;
    expect(Object.keys(ingredient)).toEqual(Object.keys(INGREDIENT_FIELDS));

    const recipe = json(await client.post('/v1/recipes', { name: 'Bread' })).recipe;
    expect(Object.keys(recipe)).toEqual(Object.keys(RECIPE_FIELDS));

    const line = json(
      await client.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { ingredient_id: flourId, quantity: 2 }),
    ).recipe_ingredient;
    expect(Object.keys(line)).toEqual(Object.keys(RECIPE_INGREDIENT_FIELDS));
    // Lists leave the unit table out (docs/api.md#recipe-lines); the table marks it optional.
    const listed = json(await client.get(`/v1/recipes/${recipe.id}/recipe_ingredients`)).recipe.recipe_ingredients[0].recipe_ingredient;
    expect(Object.keys(listed)).toEqual(Object.keys(RECIPE_INGREDIENT_FIELDS).filter((k) => k !== 'units_and_grams'));

    const cost = json(
      await client.post('/v1/ingredient_costs', {
        ingredient_id: flourId,
        effective_at: '2026-01-01',
        unit: '1 cup',
        quantity: 4,
        price: 2,
      }),
    );
    expect(Object.keys(cost.ingredient_cost)).toEqual(Object.keys(INGREDIENT_COST_FIELDS));
  });

  it('the text form of the single-ingredient read equals the object form of the list', async () => {
    const single = await t.client().get(`/v1/ingredients/${flourId}`);
    const listed = json(await t.client().get('/v1/ingredients')).find((i: { ingredient: { id: number } }) => i.ingredient.id === flourId);
    expect(single.body).toBe(JSON.stringify(listed));
  });

  it('names the route, the status and each member when a body drifts from its schema', async () => {
    const response = await t.client().get(`/v1/ingredients/${flourId}`);
    const answered = { method: 'GET', route: 'GET /v1/ingredients/:id', responses: { 200: IngredientEnvelope } };
    expect(mismatchOf(answered, response)).toBeNull();

    const drifted = (change: (ingredient: Record<string, unknown>) => void) => {
      const body = json(response);
      change(body.ingredient);
      return mismatchOf(answered, { ...response, body: JSON.stringify(body) });
    };
    const extra = drifted((i) => {
      i.shelf_life = 30;
    });
    expect(extra).toContain('GET /v1/ingredients/:id answered 200');
    expect(extra).toContain('/ingredient/shelf_life');
    expect(
      drifted((i) => {
        delete i.fdc_id;
      }),
    ).toContain('/ingredient/fdc_id');
    // docs/api.md#trust-and-completeness: an unknown nutrient is null, never a string or a zero-valued guess of another type.
    expect(
      drifted((i) => {
        i.calories = 'unknown';
      }),
    ).toContain('/ingredient/calories');
  });

  it('fails a status the route does not declare', async () => {
    const response = await t.client().get(`/v1/ingredients/${flourId}`);
    const mismatch = mismatchOf({ method: 'GET', route: 'GET /v1/ingredients/:id', responses: { 201: IngredientEnvelope } }, response);
    expect(mismatch).toContain('a status its response schemas do not declare');
  });

  it('checks every inject: a request whose answer drifts rejects', async () => {
    // A route registered in the test with a schema its handler does not keep: the check must fail it.
    const { buildTestApp } = await import('../support/app.js');
    const app = await buildTestApp({ config: t.config, database: t.ctx.database, clock: t.clock });
    app.get('/drift', { schema: { response: { 200: IngredientEnvelope } } }, async () => ({ ingredient: { id: 'one' } }));
    await expect(app.inject({ method: 'GET', url: '/drift' })).rejects.toThrow(
      /GET \/drift answered 200 with a body its response schema does not allow/,
    );
    await app.close();
  });
});
