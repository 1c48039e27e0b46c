// Found by the hostile input suite: PostgreSQL text cannot hold U+0000, so a NUL in a
// body field (`{"recipe": {"name": "a\u0000b"}}`), in a query (`?q=a%00b`) or in a token of a path
// (`/v1/labels/a%00`) answered 500 there, while SQLite stored it. Now on both databases: a body
// holding one is 400 MalformedBody, a query 400 BadRequest (both refused as they are read, see
// docs/api.md#request-bodies), and a token that no token can be is 404 without a database lookup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, makeClient, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences, type Snapshotter } from '../support/db-snapshot.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('NUL characters on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  let recipe: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
    recipe = json(await t.client().post('/v1/recipes', { recipe: { name: 'Bread' } })).recipe.id;
  });
  afterAll(async () => {
    await snapshots?.close();
    await t?.close();
  });

  it.each([
    ['POST /v1/recipes name', () => t.client().post('/v1/recipes', { recipe: { name: 'a\u0000b' } })],
    [
      'POST /v1/recipes preparation (form)',
      () => t.client().post('/v1/recipes', { recipe: { name: 'Rolls', preparation: '\u0000' } }, 'form'),
    ],
    ['PUT /v1/recipes/:id tags', () => t.client().put(`/v1/recipes/${recipe}`, { recipe: { tags: ['dry\u0000'] } })],
    [
      'POST /v1/ingredients name',
      () => t.client().post('/v1/ingredients', { ingredient: { name: '\u0000', description1: '1 cup', weight1: 100 } }),
    ],
  ])('%s: 400 MalformedBody, nothing written', async (_name, send) => {
    const before = await snapshots.take();
    expectError(await send(), 400, 'MalformedBody');
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });

  it.each(['/v1/recipes?q=a%00b', '/v1/ingredients?q=%00', '/v1/ingredients/search?q=flour%00', '/api/v1/recipes?q=%00'])(
    '%s: 400 BadRequest',
    async (url) => {
      expectError(await t.client().get(url), 400, 'BadRequest');
    },
  );

  it.each(['/v1/labels/a%00', '/v1/recipes/label_renders/0%00', '/api/v1/labels/%00'])('%s: 404, like any unknown token', async (url) => {
    expectError(await t.client().get(url), 404, 'NotFound');
  });

  it('an embed or download token holding a NUL names nothing either', async () => {
    const anonymous = makeClient(t.app, null);
    expect((await anonymous.get('/embed/a%00')).statusCode).toBe(404);
    expectError(await anonymous.get('/v1/label_renders/a%00/download?expires=1&signature=x'), 403, 'Forbidden');
  });
});
