// Regression: path params were never checked by their schemas (the params validator accepted
// anything), so every handler parsed and checked its own ids. They are now checked centrally; an id
// that is not one names no record: 404 NotFound for the path's resource, the answer the handlers gave
// (docs/api.md#errors: never a 400). It comes where the handlers' came: after authentication and after
// the body and query checks. Ids are integers in the schemas, converted by the central validator:
// a path names a record by its plain digits only, never by the forms a form field's number takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, makeClient, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

const CASES: Array<[method: 'get' | 'put' | 'post' | 'delete', url: string, resource: string]> = [
  ['get', '/v1/recipes/abc', 'recipe'],
  ['get', '/api/v1/recipes/1.5', 'recipe'],
  ['delete', '/v1/recipes/-1', 'recipe'],
  ['post', '/v1/recipes/x/scale', 'recipe'],
  ['get', '/v1/recipes/abc/label.svg', 'recipe'],
  ['get', '/v1/recipes/%20/revisions', 'recipe'],
  ['get', '/v1/ingredients/abc', 'ingredient'],
  ['put', '/v1/ingredients/1e3', 'ingredient'],
  ['get', '/v1/ingredients/abc/ingredient_costs', 'ingredient'],
  ['get', '/v1/ingredient_costs/abc', 'ingredient cost'],
  ['get', '/v1/label_approvals/abc', 'label approval'],
  ['get', '/v1/label_approvals/abc.pdf', 'label approval'],
  ['get', '/v1/label_approvals/1234567890123456', 'label approval'],
];

describe.each(databaseKinds())('path params checked by their schemas on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(CASES)('%s %s: 404 NotFound naming the %s', async (method, url, resource) => {
    const client = makeClient(t.app, t.accountA.key);
    const response = method === 'put' || method === 'post' ? await client[method](url, {}) : await client[method](url);
    expectError(response, 404, 'NotFound');
    expect(JSON.parse(response.body).message).toBe(`No ${resource} with that id exists for this account.`);
  });

  it('an id past 2^31 - 1 is not found either', async () => {
    const response = await makeClient(t.app, t.accountA.key).get('/v1/recipes/2147483648');
    expectError(response, 404, 'NotFound');
  });

  it('without a valid key: 401 first, as before', async () => {
    expectError(await makeClient(t.app, 'nope').get('/v1/recipes/abc'), 401, 'NotAuthorized');
  });

  it('a body that fails its schema is still answered first: 422, as before', async () => {
    const response = await makeClient(t.app, t.accountA.key).post('/v1/recipes/abc/label_approvals', { accept_incomplete: 'perhaps' });
    expectError(response, 422, 'ValidationFailed');
    expect(Object.keys(JSON.parse(response.body).errors)).toEqual(['accept_incomplete']);
  });

  it('a query string that fails its schema is still answered first: 400, as before', async () => {
    const response = await makeClient(t.app, t.accountA.key).get('/v1/recipes/abc/revisions?per_page=many');
    expectError(response, 400, 'BadRequest');
  });

  it('the OpenAPI document says what an id is', async () => {
    const document = JSON.parse((await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).body);
    const id = document.paths['/v1/recipes/{id}'].get.parameters.find((p: { name: string }) => p.name === 'id');
    expect(id).toMatchObject({ in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } });
    const line = document.paths['/v1/recipes/{id}/recipe_ingredients/{line_id}'].get.parameters;
    expect(line.map((p: { name: string; schema: { type: string } }) => [p.name, p.schema.type])).toEqual([
      ['id', 'integer'],
      ['line_id', 'integer'],
    ]);
  });

  describe('ids are converted from their digits, and only from them', () => {
    let recipe: number;
    let line: number;
    let cost: number;
    beforeAll(async () => {
      const client = makeClient(t.app, t.accountA.key);
      const flour = json(await client.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
      recipe = json(await client.post('/v1/recipes', { name: 'Bread' })).recipe.id;
      line = json(await client.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: flour, unit: 'gram', quantity: 100 }))
        .recipe_ingredient.id;
      cost = json(
        await client.post('/v1/ingredient_costs', {
          ingredient_id: flour,
          unit: 'gram',
          quantity: 1000,
          price: 2,
          effective_at: '2026-01-01',
        }),
      ).ingredient_cost.id;
    });

    it('the digits of a record name it, as a number to the handler (leading zeros as before)', async () => {
      const client = makeClient(t.app, t.accountA.key);
      expect(json(await client.get(`/v1/recipes/${recipe}`)).recipe.id).toBe(recipe);
      expect(json(await client.get(`/v1/recipes/00${recipe}`)).recipe.id).toBe(recipe);
      expect(json(await client.get(`/v1/recipes/${recipe}/recipe_ingredients/${line}`)).recipe_ingredient).toMatchObject({
        id: line,
        recipe_id: recipe,
      });
      expect(json(await client.get(`/v1/ingredient_costs/${cost}`)).ingredient_cost.id).toBe(cost);
    });

    // A form field's number may be signed, decimal, exponent-written or padded with spaces; a path's
    // may not: each of these names no record, though a lenient reading would find the record.
    it.each([
      ['+', ''],
      ['', '.0'],
      ['', 'e0'],
      ['%20', ''],
      ['', '%20'],
      ['0x', ''],
    ])('%s<id>%s is 404 though <id> exists', async (before, after) => {
      const client = makeClient(t.app, t.accountA.key);
      const recipeResponse = await client.get(`/v1/recipes/${before}${recipe}${after}`);
      expectError(recipeResponse, 404, 'NotFound');
      expect(json(recipeResponse).message).toBe('No recipe with that id exists for this account.');
      const lineResponse = await client.get(`/v1/recipes/${recipe}/recipe_ingredients/${before}${line}${after}`);
      expectError(lineResponse, 404, 'NotFound');
      expect(json(lineResponse).message).toBe('No recipe ingredient with that id exists for this account.');
      expectError(await client.get(`/v1/ingredient_costs/${before}${cost}${after}`), 404, 'NotFound');
    });

    it('when both ids of a line path are malformed, the first names the resource (the recipe)', async () => {
      const response = await makeClient(t.app, t.accountA.key).delete('/v1/recipes/abc/recipe_ingredients/xyz');
      expectError(response, 404, 'NotFound');
      expect(json(response).message).toBe('No recipe with that id exists for this account.');
      expect(json(await makeClient(t.app, t.accountA.key).get(`/v1/recipes/${recipe}`)).recipe.id).toBe(recipe);
    });
  });
});
