// The OpenAPI document (/v1/openapi.json) for the operations of round trips, swaps, replacements and
// revision diffs (docs/api.md#ingredients, docs/api.md#recipe-lines, docs/api.md#history): each has a summary, a description and an example response
// (and request, where it takes a body); each response example is what its schema allows, and the
// request examples are accepted by the app itself.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/http/resources/shared/common.js';
import { RevisionDiffEnvelope } from '../../src/http/resources/revisions/schemas.js';
import {
  IngredientCreateExample,
  IngredientEnvelopeExample,
  IngredientJson,
  IngredientUpdateExample,
} from '../../src/http/resources/ingredients/schemas.js';
import { RecipeIngredientEnvelopeExample } from '../../src/http/resources/recipe-ingredients/schemas.js';
import { ReplaceIngredientBody, ReplaceIngredientEnvelope } from '../../src/http/resources/ingredients/replace.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';

const OPERATIONS: Array<[string, string, boolean]> = [
  ['post', '/v1/ingredients', true],
  ['put', '/v1/ingredients/{id}', true],
  ['put', '/v1/recipes/{id}/recipe_ingredients/{line_id}', true],
  ['post', '/v1/ingredients/{id}/replace', true],
  ['get', '/v1/recipes/{id}/revisions/diff', false],
];

const exampleOf = (schema: TSchema) => (schema as { examples?: unknown[] }).examples?.[0];

describe('OpenAPI of round trips, swaps, replacements and revision diffs', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(OPERATIONS)('%s %s has a summary, a description and examples', (method, path, hasBody) => {
    const op = doc.paths[path][method];
    expect(op.summary?.length).toBeGreaterThan(10);
    expect(op.description?.length).toBeGreaterThan(50);
    const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1] as any;
    expect(ok.content['application/json'].example).toBeDefined();
    if (hasBody) expect(op.requestBody.content['application/json'].example).toBeDefined();
  });

  it.each([
    ['ingredient', IngredientEnvelopeExample],
    ['recipe ingredient', RecipeIngredientEnvelopeExample],
    ['replacement', ReplaceIngredientEnvelope],
    ['revision diff', RevisionDiffEnvelope],
  ] as const)('the %s response example is what its schema allows', (_name, schema) => {
    const example = exampleOf(schema);
    expect(example).toBeDefined();
    expect([...Value.Errors(schema, [ErrorBody, IngredientJson], example)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
  });

  it('the request examples are accepted by the app', async () => {
    const created = await t.client().post('/v1/ingredients', exampleOf(IngredientCreateExample) as Record<string, unknown>);
    expect(created.statusCode).toBe(201);
    const id = json(created).ingredient.id;
    const updated = await t.client().put(`/v1/ingredients/${id}`, exampleOf(IngredientUpdateExample) as Record<string, unknown>);
    expect(json(updated).ingredient).toMatchObject({ calories: 148, protein: 12.4 });
    const other = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Other' }))).ingredient.id;
    const body = { ...(exampleOf(ReplaceIngredientBody) as Record<string, unknown>), replacement_id: other };
    expect((await t.client().post(`/v1/ingredients/${id}/replace`, body)).statusCode).toBe(200);
  });
});
