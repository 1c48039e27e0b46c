// Bug: a DELETE sent with `Content-Type: application/json` and no body (what clients that set the
// header on every call send) was 400 MalformedBody "the JSON body is empty", and nothing was deleted.
// An empty body is no body (docs/api.md#request-bodies): the DELETE succeeds; a POST whose fields are all
// optional succeeds too; a create that needs fields says which (422), writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('an empty body with a JSON content type on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('DELETE deletes', async () => {
    const id = json(await t.client().post('/v1/ingredients', flourBody())).ingredient.id;
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/ingredients/${id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ingredient: { id, deleted: true } });
    expect((await t.client().get(`/v1/ingredients/${id}`)).statusCode).toBe(404);
  });

  it('a POST whose fields are all optional runs', async () => {
    const recipe = json(await t.client().post('/v1/recipes', { name: 'Cookies' })).recipe;
    const res = await t.app.inject({ method: 'POST', url: `/v1/recipes/${recipe.id}/scale`, headers });
    expect(res.statusCode).toBe(201);
    expect(json(res).recipe.name).toBe('Cookies (copy)');
  });

  it('a create that needs fields is 422 naming them, and writes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/ingredients', headers });
    const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
    expect(body.errors.name).toBeDefined();
    expect(json(await t.client().get('/v1/ingredients'))).toEqual([]);
  });

  it('a body that is not JSON is still 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/ingredients', headers, payload: '{"name":' });
    expectError(res, 400, 'MalformedBody');
  });
});
