// A JSON body member named like a property every object inherits (toString, valueOf,
// constructor, hasOwnProperty) with a null value answered 500: the validator looked the name up
// in the schema's property map and found Object.prototype's function. Such members are unknown
// fields like any other (dropped, named in X-Ignored-Fields); __proto__ is refused as malformed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { contentSnapshot } from '../support/content-snapshot.js';
import { expectError } from '../support/error-shape.js';
import { createOneOfEach } from '../support/one-of-each.js';

const INHERITED = ['toString', 'valueOf', 'constructor', 'hasOwnProperty', 'prototype', 'isPrototypeOf', '__defineGetter__'];

describe('body members named after inherited object properties', () => {
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

  const writes = () =>
    [
      ['POST', '/v1/recipes', 'recipe', { name: 'P' }],
      ['PUT', `/v1/recipes/${recipe}`, 'recipe', { name: 'Bread' }],
      ['POST', '/v1/ingredients', 'ingredient', flourBody()],
      ['PUT', `/v1/ingredients/${ingredient}`, 'ingredient', { name: 'All-purpose flour' }],
      ['POST', `/v1/recipes/${recipe}/recipe_ingredients`, 'recipe_ingredient', { ingredient_id: ingredient }],
      ['PUT', `/v1/recipes/${recipe}/recipe_ingredients/${line}`, 'recipe_ingredient', { quantity: 1 }],
      [
        'POST',
        '/v1/ingredient_costs',
        'ingredient_cost',
        { ingredient_id: ingredient, unit: 'cup', quantity: 1, price: 2, effective_at: '2026-02-01' },
      ],
      ['PUT', `/v1/ingredient_costs/${cost}`, 'ingredient_cost', { price: 2 }],
      ['POST', '/v1/recipes/shortcut', 'recipe', { name: 'S', ingredient_ids: [ingredient] }],
      ['POST', `/v1/recipes/${recipe}/scale`, null, { scale_amount: 2 }],
      ['POST', `/v1/recipes/${recipe}/create_subrecipe`, null, {}],
    ] as const;

  it('inside the envelope, beside it, in nested objects and as the envelope: never a 500, named in X-Ignored-Fields', async () => {
    for (const name of INHERITED) {
      for (const [method, url, envelope, fields] of writes()) {
        const bodies: unknown[] = [
          { ...fields, [name]: null },
          envelope ? { [envelope]: { ...fields, [name]: null } } : { [name]: null },
          envelope ? { [envelope]: fields, [name]: 1 } : { ...fields, [name]: {} },
          { ...fields, allergens: { [name]: true }, label_settings: { [name]: null } },
          { [name]: fields },
        ];
        for (const body of bodies) {
          const response = await t.app.inject({
            method,
            url,
            headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect({ name, method, url, body, status: response.statusCode < 500 }).toEqual({ name, method, url, body, status: true });
          if (response.statusCode >= 400) expectError(response, response.statusCode, json(response).error);
        }
      }
    }
  });

  it('values naming inherited properties (units, languages, formats, allergens) are refused or ignored, never a 500', async () => {
    const c = t.client();
    for (const name of [...INHERITED, '__proto__']) {
      const responses = [
        await c.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: ingredient, unit: name }),
        await c.put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { unit: name }),
        await c.post('/v1/ingredient_costs', {
          ingredient_cost: { ingredient_id: ingredient, unit: name, quantity: 1, price: 1, effective_at: '2026-03-01' },
        }),
        await c.put(`/v1/recipes/${recipe}`, {
          recipe: {
            package_yield_unit: name,
            label_settings: { language: name, format: name, dv_population: name, optional_nutrients: [name] },
          },
        }),
        await c.post('/v1/ingredients', flourBody({ allergens: { [name]: name }, description2: `1 ${name}`, weight2: 1 })),
        await c.get(`/v1/recipes/${recipe}/label?language=${name}&format=${name}`),
        await c.get(`/v1/recipes?sort_field=${name}&sort_direction=${name}&archived=${name}`),
      ];
      for (const [index, response] of responses.entries()) {
        expect({ name, index, status: response.statusCode < 500 ? 'not 5xx' : response.body.slice(0, 300) }).toEqual({
          name,
          index,
          status: 'not 5xx',
        });
        if (response.statusCode >= 400) expectError(response, response.statusCode, json(response).error);
      }
    }
  });

  it('a recipe with {"toString": null} is created once, the member dropped and named', async () => {
    const response = await t.client().post('/v1/recipes', { recipe: { name: 'With toString', toString: null, constructor: null } });
    expect(response.statusCode).toBe(201);
    expect(String(response.headers['x-ignored-fields']).split(', ').sort()).toEqual(['constructor', 'toString']);
    const list = json(await t.client().get('/v1/recipes?q=With%20toString'));
    expect(list.length).toBe(1);
  });

  it('__proto__ anywhere in a JSON body is 400 MalformedBody and changes nothing', async () => {
    const before = await contentSnapshot(t.db.handle);
    for (const [method, url] of writes()) {
      for (const payload of [
        '{"__proto__": null}',
        '{"recipe": {"name": "x", "__proto__": {"admin": true}}}',
        '{"constructor": {"prototype": {"x": 1}}}',
      ]) {
        const response = await t.app.inject({
          method,
          url,
          headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json' },
          payload,
        });
        expectError(response, 400, 'MalformedBody');
      }
    }
    expect(await contentSnapshot(t.db.handle)).toEqual(before);
  });
});
