// `?page=1e20` answered 500 on every list (an offset no database takes). page and per_page
// are clamped (docs/api.md#lists: page to 1..1,000,000, per_page to 1..20); a number that is not
// finite is 400 BadRequest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { expectError } from '../support/error-shape.js';

describe('huge, tiny and non-finite page numbers on every list', () => {
  let t: TestApp;
  let lists: string[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const c = t.client();
    const ingredient = json(await c.post('/v1/ingredients', flourBody())).ingredient.id;
    await c.post('/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id: ingredient, unit: 'cup', quantity: 1, price: 2, effective_at: '2026-01-01' },
    });
    await c.post('/v1/recipes', { recipe: { name: 'Bread' } });
    lists = [
      '/v1/recipes?',
      '/v1/ingredients?',
      '/v1/ingredient_costs?',
      `/v1/ingredients/${ingredient}/ingredient_costs?`,
      '/v1/ingredients/search?q=flour&',
      '/api/v1/recipes?',
    ];
  });
  afterAll(async () => t?.close());

  it('page=1e20 and larger are the last possible page: an empty list, not a 500', async () => {
    for (const list of lists) {
      for (const page of ['1e20', '9007199254740993', '1000001', '1e308']) {
        const response = await t.client().get(`${list}page=${page}`);
        expect({ list, page, status: response.statusCode }).toEqual({ list, page, status: 200 });
        expect(json(response)).toEqual([]);
      }
    }
  });

  it('page and per_page below 1 or above 20 are clamped', async () => {
    for (const list of lists) {
      for (const query of ['page=-1e20', 'per_page=1e20', 'per_page=-1e20', 'page=0&per_page=0']) {
        const response = await t.client().get(`${list}${query}`);
        expect({ list, query, status: response.statusCode }).toEqual({ list, query, status: 200 });
        expect(json(response).length).toBe(1);
      }
    }
  });

  it('non-finite and fractional numbers are 400 BadRequest naming the parameter', async () => {
    for (const list of lists) {
      for (const [query, field] of [
        ['page=1e400', 'page'],
        ['per_page=-1e999', 'per_page'],
        ['page=1.5', 'page'],
        ['page=Infinity', 'page'],
        ['per_page=NaN', 'per_page'],
      ]) {
        const body = expectError(await t.client().get(`${list}${query}`), 400, 'BadRequest');
        expect(Object.keys(body.errors as object)).toEqual([field]);
      }
    }
  });
});
