// Found by the hostile input suite: `packages=5e-324` on a recipe with lines answered 500
// (the default package yield, batch weight / packages, was Infinity and the cost roll-up refused it).
// packages is 0 (one package) or at least 0.0001 (docs/api.md#recipes); below that is 422 naming the
// field, and the refused write changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences } from '../support/db-snapshot.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('a tiny package count on %s', (kind) => {
  let t: TestApp;
  let recipe: number;
  let ingredient: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const c = t.client();
    ingredient = json(await c.post('/v1/ingredients', flourBody())).ingredient.id;
    recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Bread', servings: 2 } })).recipe.id;
    await c.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: ingredient, quantity: 1, unit: '1 cup' });
    await c.post('/v1/ingredient_costs', { ingredient_id: ingredient, effective_at: '2026-01-01', unit: '1 cup', quantity: 1, price: 2 });
  });
  afterAll(async () => t?.close());

  it.each([5e-324, 1e-300, '1e-10', 0.00009999])('packages=%s is 422 naming packages and changes nothing', async (packages) => {
    const snapshots = await databaseSnapshotter(t.db);
    const before = await snapshots.take();
    for (const response of [
      await t.client().put(`/v1/recipes/${recipe}`, { recipe: { packages } }),
      await t.client().post('/v1/recipes', { recipe: { name: 'Rolls', packages } }),
      await t.client().post('/v1/recipes/shortcut', {
        recipe: { name: 'Rolls', packages, recipe_ingredients: [{ ingredient_id: ingredient, quantity: 1, unit: '1 cup' }] },
      }),
    ]) {
      const error = expectError(response, 422, 'ValidationFailed');
      expect(Object.keys(error.errors as object)).toEqual(['packages']);
    }
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    await snapshots.close();
  });

  it('0 (one package) and 0.0001 are still taken, and the recipe reads back', async () => {
    for (const packages of [0, 0.0001]) {
      expect((await t.client().put(`/v1/recipes/${recipe}`, { recipe: { packages } })).statusCode).toBe(200);
      const read = json(await t.client().get(`/v1/recipes/${recipe}`)).recipe;
      expect(read.packages).toBe(packages);
    }
  });
});
