// GET /v1/ingredients/{id} remembers the ingredient made from each unchanged row read again, and its text
// (src/lib/row-memo.ts, src/http/resources/ingredients/serializer.ts). What it answers must always be the
// stored row as it is now, with the reading account's own tags: a write by another connection
// (another worker process, another instance), a change inside the same second (updated_at alike),
// and another account's tags on a shared public ingredient all show, or stay away, at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('the ingredient read memo on %s', (kind) => {
  let t: TestApp;
  let other: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const { config, schema } = t.db;
    other = config.kind === 'sqlite' ? openDatabase(config) : openDatabase(config, { searchPath: schema!, maxConnections: 1 });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const read = async (id: number, key = t.accountA.key) => {
    const res = await t.client(key).get(`/v1/ingredients/${id}`);
    expect(res.statusCode).toBe(200);
    return json(res).ingredient;
  };

  it('answers a write made through another connection on the next read', async () => {
    const id = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Rye flour', calories: 300, weight1: 100 }))).ingredient.id;
    expect(await read(id)).toMatchObject({ name: 'Rye flour', calories: 300 });
    expect(await read(id)).toMatchObject({ name: 'Rye flour', calories: 300 });
    const stored = await other.db
      .selectFrom('ingredients')
      .select(['nutrients', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await other.db
      .updateTable('ingredients')
      .set({ name: 'Dark rye flour', nutrients: JSON.stringify({ ...JSON.parse(stored.nutrients), calories: 325 }) })
      .where('id', '=', id)
      .execute();
    const after = await read(id);
    expect(after).toMatchObject({ name: 'Dark rye flour', calories: 325 });
    expect(after.updated_at).toBe(stored.updated_at);
  });

  it('answers each of several writes within the same second (the clock does not move)', async () => {
    const id = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Spelt', calories: 340, weight1: 100 }))).ingredient.id;
    for (const calories of [341, 342, 341]) {
      expect((await t.client().put(`/v1/ingredients/${id}`, { calories, weight1: 100 })).statusCode).toBe(200);
      // Read twice: the second read is the one remembered, and the next write must replace it.
      expect((await read(id)).calories).toBe(calories);
      expect((await read(id)).calories).toBe(calories);
    }
  });

  it("never shows one account's tags on another's read of a public ingredient", async () => {
    await importPublicIngredients(t.ctx, [{ ...flourBody({ name: 'Public oats', calories: 389, weight1: 100 }), usda_verified: true }]);
    const { id } = await t.db.handle.db.selectFrom('ingredients').select('id').where('name', '=', 'Public oats').executeTakeFirstOrThrow();
    expect((await t.client().put(`/v1/ingredients/${id}`, { tag_list: 'breakfast' })).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      expect((await read(id, t.accountA.key)).tags).toEqual([{ name: 'breakfast' }]);
      expect((await read(id, t.accountB.key)).tags).toEqual([]);
    }
    expect((await t.client().put(`/v1/ingredients/${id}`, { tag_list: 'oats' })).statusCode).toBe(200);
    expect((await read(id, t.accountA.key)).tags).toEqual([{ name: 'oats' }]);
    expect((await read(id, t.accountB.key)).tags).toEqual([]);
  });

  it('answers 404 for a row deleted since it was remembered, and for an account that does not own it', async () => {
    const id = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Buckwheat' }))).ingredient.id;
    await read(id);
    expect((await t.client(t.accountB.key).get(`/v1/ingredients/${id}`)).statusCode).toBe(404);
    await other.db.deleteFrom('ingredients').where('id', '=', id).execute();
    expect((await t.client().get(`/v1/ingredients/${id}`)).statusCode).toBe(404);
  });

  it('a subrecipe ingredient read again still follows its recipe live (its row does not change)', async () => {
    const a = t.client();
    const flour = json(await a.post('/v1/ingredients', flourBody({ name: 'Memo flour', calories: 400, weight1: 100 }))).ingredient.id;
    const water = json(await a.post('/v1/ingredients', flourBody({ name: 'Memo water', calories: 0, weight1: 100 }))).ingredient.id;
    const recipe = json(
      await a.post('/v1/recipes/shortcut', { recipe: { name: 'Memo dough', ingredient_ids: String(flour), ingredient_weights: '100' } }),
    ).recipe;
    const dough = json(await a.post(`/v1/recipes/${recipe.id}/create_subrecipe`)).ingredient.id;
    for (let n = 0; n < 3; n++) expect((await read(dough)).calories).toBeCloseTo(400, 6);
    await a.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
      recipe_ingredient: { ingredient_id: water, unit: 'gram', quantity: 100 },
    });
    for (let n = 0; n < 3; n++) expect((await read(dough)).calories).toBeCloseTo(200, 6);
  });
});
