// Regression: a 5,000-deep JSON body sent with an Idempotency-Key to `scale` or `clone_and_swap`
// answered 500: the request's fingerprint was computed by recursion, which overflowed the stack. The
// fingerprint is now written as it is walked, at most 64 levels deep and 200,000 values: beyond, 422
// naming the Idempotency-Key, and nothing runs (docs/api.md#idempotency-key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/services/idempotency/fingerprint.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('the fingerprint', () => {
  it('is the same for member order, and refuses 65 levels but not 64', () => {
    const a = requestFingerprint({ method: 'POST', url: '/v1/x', body: { a: 1, b: [1, { c: null }] } });
    const b = requestFingerprint({ method: 'POST', url: '/api/v1/x', body: { b: [1, { c: null }], a: 1 } });
    expect(a).toBe(b);
    expect(() => requestFingerprint({ method: 'POST', url: '/v1/x', body: nested(63) })).not.toThrow();
    expect(() => requestFingerprint({ method: 'POST', url: '/v1/x', body: nested(64) })).toThrow(/nested more than 64 levels deep/);
  });

  it('counts files by name and content', () => {
    const fp = (data: string, filename = 'a.csv') =>
      requestFingerprint({
        method: 'POST',
        url: '/v1/imports',
        body: { kind: 'ingredients' },
        uploads: { file: { filename, data: Buffer.from(data) } },
      });
    expect(fp('x')).toBe(fp('x'));
    expect(fp('x')).not.toBe(fp('y'));
    expect(fp('x')).not.toBe(fp('x', 'b.csv'));
    expect(fp('x')).not.toBe(requestFingerprint({ method: 'POST', url: '/v1/imports', body: { kind: 'ingredients' } }));
  });
});

describe.each(databaseKinds())('a 5,000-deep JSON body with an Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  let recipeId: number;
  let lineId: number;
  let other: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
    const c = t.client();
    const flour = json(await c.post('/v1/ingredients', flourBody())).ingredient.id;
    other = json(await c.post('/v1/ingredients', flourBody({ name: 'Rye flour' }))).ingredient.id;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Bread', servings: 2 } })).recipe;
    recipeId = recipe.id;
    lineId = json(await c.post(`/v1/recipes/${recipeId}/recipe_ingredients`, { ingredient_id: flour, quantity: 100, unit: '1 gram' }))
      .recipe_ingredient.id;
  });
  afterAll(async () => {
    await snapshots.close();
    await t.close();
  });

  // The JSON text is written out: 5,000 levels are too deep for JSON.stringify in a test worker too.
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

  it.each([
    // In members the routes read as they come (their rules say what a number is), so the depth reaches the fingerprint.
    ['scale', () => `{"scale_amount":${deep}}`],
    [
      'clone_and_swap',
      () => `{"swap_recipe_ingredient_id":${lineId},"entries":[{"name":"Rye bread","ingredient_id":${other},"quantity":${deep}}]}`,
    ],
  ])('%s: 422 naming the Idempotency-Key, nothing written', async (route, body) => {
    const before = await snapshots.take();
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/recipes/${recipeId}/${route}`,
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json', 'idempotency-key': `deep-${route}` },
      payload: body(),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(json(res)).toMatchObject({
      error: 'ValidationFailed',
      errors: { 'Idempotency-Key': [expect.stringContaining('nested more than 64 levels deep')] },
      request_id: res.headers['x-request-id'],
    });
    expect(await snapshots.take()).toEqual(before);
  });
});
