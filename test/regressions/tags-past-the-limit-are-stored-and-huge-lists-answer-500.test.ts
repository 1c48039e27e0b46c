// Found by the hostile input suite: `tags` is a list of at most 100 tags or one string of
// at most 2,000 characters, but the validator checked it against the union of both and so applied
// neither limit. 101 tags were stored; 20,000 made one INSERT with more parameters than SQLite takes
// (500 "too many SQL variables"; PostgreSQL's limit falls a little later). Each branch's limits now
// apply to a value of its type, and a refused write changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences, type Snapshotter } from '../support/db-snapshot.js';
import { expectError } from '../support/error-shape.js';

const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag ${i}`);

describe.each(databaseKinds())('tag limits on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  let recipe: number;
  let ingredient: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
    recipe = json(await t.client().post('/v1/recipes', { recipe: { name: 'Bread' } })).recipe.id;
    ingredient = json(await t.client().post('/v1/ingredients', flourBody())).ingredient.id;
  });
  afterAll(async () => {
    await snapshots?.close();
    await t?.close();
  });

  const writes = () =>
    [
      [
        'POST /v1/ingredients',
        (body: Record<string, unknown>, as?: 'form') => t.client().post('/v1/ingredients', { ingredient: flourBody(body) }, as),
      ],
      [
        'PUT /v1/ingredients/:id',
        (body: Record<string, unknown>, as?: 'form') => t.client().put(`/v1/ingredients/${ingredient}`, { ingredient: body }, as),
      ],
      [
        'POST /v1/recipes',
        (body: Record<string, unknown>, as?: 'form') => t.client().post('/v1/recipes', { recipe: { name: 'Rolls', ...body } }, as),
      ],
      [
        'PUT /v1/recipes/:id',
        (body: Record<string, unknown>, as?: 'form') => t.client().put(`/v1/recipes/${recipe}`, { recipe: body }, as),
      ],
    ] as const;

  it('101 or 20,000 tags, or a tag string over 2,000 characters, are 422 naming tags and change nothing', async () => {
    for (const [route, write] of writes()) {
      for (const [body, as] of [
        [{ tags: tags(101) }, undefined],
        [{ tags: tags(20_000) }, undefined],
        [{ tags: tags(101) }, 'form'],
        [{ tags: 'a,'.repeat(1001) }, undefined],
      ] as const) {
        const before = await snapshots.take();
        const error = expectError(await write(body, as), 422, 'ValidationFailed');
        expect({ route, fields: Object.keys(error.errors as object) }).toEqual({ route, fields: ['tags'] });
        expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
      }
    }
  });

  it('100 tags as a list, and a comma-separated string, are still taken', async () => {
    for (const [route, write] of writes()) {
      const list = await write({ tags: tags(100) });
      expect({ route, status: list.statusCode }).toEqual({ route, status: route.startsWith('POST') ? 201 : 200 });
      const text = await write({ tags: 'dry, baking' });
      const resource = json(text).ingredient ?? json(text).recipe;
      // Ingredients list tags as {"name": ...}, recipes as strings.
      const names = resource.tags.map((tag: string | { name: string }) => (typeof tag === 'string' ? tag : tag.name)).sort();
      expect({ route, names }).toEqual({ route, names: ['baking', 'dry'] });
    }
  });
});
