// Regression: reading a recipe on SQLite walked every ingredient of its account. The statement that
// finds a recipe's tree seeds it with the subrecipe ingredients asked for by id; with
// `account_id = ?` SQLite took the account's index and tested each of its ingredients against the
// id list (130 µs a recipe read at 3,000 ingredients, 11 µs through the primary key; BENCHMARKS.md
// "recipes"). Here: an account with 300 ingredients reads a recipe with a subrecipe through the HTTP
// app; the answer is right, and no statement that loads the tree searches the account's ingredient
// index (EXPLAIN QUERY PLAN of the statements SQLite prepared meanwhile).
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { preparedDuring } from '../support/prepared-statements.js';

describe('recipe-read-walks-every-ingredient-of-the-account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('finds the tree through the primary key, whatever the account holds', async () => {
    const c = t.client();
    const ids: number[] = [];
    for (let n = 0; n < 300; n++) ids.push(json(await c.post('/v1/ingredients', flourBody({ name: `Flour ${n}` }))).ingredient.id);
    const line = (id: number) => ({ ingredient_id: id, unit: 'cup', quantity: 1 });
    const dough = json(
      await c.post('/v1/recipes/shortcut', { recipe: { name: 'Dough', servings: 1, recipe_ingredients: [line(ids[0]!)] } }),
    ).recipe.id;
    const doughIngredient = json(await c.post(`/v1/recipes/${dough}/create_subrecipe`)).ingredient.id;
    const bread = json(
      await c.post('/v1/recipes/shortcut', {
        recipe: { name: 'Bread', servings: 2, recipe_ingredients: [line(doughIngredient), line(ids[1]!)] },
      }),
    ).recipe.id;

    let read: { recipe: { name: string } } | undefined;
    let lines: { recipe: { recipe_ingredients: { recipe_ingredient: { ingredient_id: number } }[] } } | undefined;
    const prepared = await preparedDuring(async () => {
      read = json(await c.get(`/v1/recipes/${bread}`));
      lines = json(await c.get(`/v1/recipes/${bread}/recipe_ingredients`));
    });
    expect(read?.recipe.name).toBe('Bread');
    expect(lines?.recipe.recipe_ingredients.map((l) => l.recipe_ingredient.ingredient_id)).toEqual([doughIngredient, ids[1]]);

    const trees = prepared.filter((s) => s.includes('WITH RECURSIVE tree'));
    expect(trees.length).toBeGreaterThan(0);
    if (t.db.config.kind !== 'sqlite') throw new Error('a SQLite test');
    const sqlite = new Database(t.db.config.path, { readonly: true });
    try {
      for (const statement of trees) {
        const plan = sqlite
          .prepare(`EXPLAIN QUERY PLAN ${statement}`)
          .all({ roots: JSON.stringify([bread]), account: t.accountA.id, extra: JSON.stringify([doughIngredient]) }) as {
          detail: string;
        }[];
        const walks = plan.map((p) => p.detail).filter((d) => /SEARCH ingredients USING (COVERING )?INDEX ingredients_account/.test(d));
        expect(walks).toEqual([]);
      }
    } finally {
      sqlite.close();
    }
  });
});
