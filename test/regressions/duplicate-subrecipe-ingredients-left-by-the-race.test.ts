// Regression: the create_subrecipe race left databases with several subrecipe ingredients
// for one recipe. Migration 014 repairs them before adding the unique index that prevents new ones:
// the oldest is kept (create_subrecipe always answered with it), lines on the others move to it, and
// the others are deleted.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { up } from '../../src/db/migrations/014_one_subrecipe_per_recipe.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('duplicate subrecipe ingredients on %s', (kind) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('are merged into the oldest by migration 014, and the index then refuses a second one', async () => {
    t = await createTestApp(kind);
    const c = t.client();
    const db = t.db.handle.db;
    const flour = json(await c.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
    const shortcut = (name: string) =>
      c.post('/v1/recipes/shortcut', { recipe: { name, recipe_ingredients: [{ ingredient_id: flour, unit: '1 gram', quantity: 100 }] } });
    const inner = json(await shortcut('Inner')).recipe.id;
    const outer = json(await shortcut('Outer')).recipe.id;
    const kept = json(await c.post(`/v1/recipes/${inner}/create_subrecipe`)).ingredient.id;
    // The state the race left: the index absent, a second subrecipe ingredient used by a line.
    await sql`DROP INDEX ingredients_one_subrecipe`.execute(db);
    const row = await db.selectFrom('ingredients').selectAll().where('id', '=', kept).executeTakeFirstOrThrow();
    // search_words is a generated column on PostgreSQL (migration 024): the database writes it.
    const { id: _id, ...copy } = row as typeof row & { search_words?: unknown };
    delete copy.search_words;
    const duplicate = (await db.insertInto('ingredients').values(copy).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('ingredient_tags').values({ account_id: t.accountA.id, ingredient_id: duplicate, name: 'dup' }).execute();
    const line = json(
      await c.post(`/v1/recipes/${outer}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: duplicate, unit: '1 gram', quantity: 10 },
      }),
    );
    expect(line.recipe_ingredient.ingredient_id).toBe(duplicate);

    await db.transaction().execute((tx) => up(tx as never, kind));

    const subrecipes = await db.selectFrom('ingredients').select('id').where('recipe_id', '=', inner).where('subrecipe', '=', 1).execute();
    expect(subrecipes.map((s) => s.id)).toEqual([kept]);
    const moved = await db
      .selectFrom('recipe_ingredients')
      .select('ingredient_id')
      .where('id', '=', line.recipe_ingredient.id)
      .executeTakeFirstOrThrow();
    expect(moved.ingredient_id).toBe(kept);
    expect(await db.selectFrom('ingredient_tags').select('name').where('ingredient_id', '=', duplicate).execute()).toEqual([]);
    expect((await c.get(`/v1/recipes/${outer}`)).statusCode).toBe(200);
    await expect(db.insertInto('ingredients').values(copy).execute()).rejects.toThrow();
  });
});
