// POST /v1/ingredients/{id}/replace (docs/api.md#replacing-an-ingredient) over HTTP, on
// each database: a dry run lists the recipes and lines and writes nothing; the real run swaps every
// line of the account (same line ids), records history; all or nothing; other accounts untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('replacing an ingredient everywhere on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  let butter: number;
  let margarine: number;
  let eggs: number;
  let cookies: number;
  let cake: number;
  let lines: number[];
  const lineOf = async (recipe: number, line: number) =>
    json(await t.client().get(`/v1/recipes/${recipe}/recipe_ingredients/${line}`)).recipe_ingredient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
    const a = t.client();
    const create = async (body: Record<string, unknown>) => json(await a.post('/v1/ingredients', flourBody(body))).ingredient.id;
    butter = await create({ name: 'Butter', description1: '1 cup', weight1: 227, calories: 1628 });
    margarine = await create({ name: 'Margarine', description1: '1 cup', weight1: 220, calories: 1577 });
    eggs = await create({ name: 'Eggs', description1: '1 large egg', weight1: 50, calories: 74 });
    cookies = json(await a.post('/v1/recipes', { name: 'Cookies' })).recipe.id;
    cake = json(await a.post('/v1/recipes', { name: 'Cake' })).recipe.id;
    lines = [];
    for (const [recipe, quantity] of [
      [cookies, 0.5],
      [cake, 1],
      [cake, 0.25],
    ] as const) {
      lines.push(
        json(await a.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: butter, unit: 'cup', quantity })).recipe_ingredient
          .id,
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a dry run (the default) lists the recipes and lines it would change, and writes nothing', async () => {
    const before = await snapshots.take();
    const res = await t.client().post(`/v1/ingredients/${butter}/replace`, { replacement_id: margarine });
    expect(res.statusCode).toBe(200);
    expect(json(res).ingredient_replacement).toEqual({
      dry_run: true,
      ingredient_id: butter,
      replacement_id: margarine,
      recipes: [
        {
          id: cookies,
          name: 'Cookies',
          lines: [{ id: lines[0], unit: '1 cup', quantity: 0.5, waste: 0, total_grams_before: 113.5, total_grams: 110 }],
        },
        {
          id: cake,
          name: 'Cake',
          lines: [
            { id: lines[1], unit: '1 cup', quantity: 1, waste: 0, total_grams_before: 227, total_grams: 220 },
            { id: lines[2], unit: '1 cup', quantity: 0.25, waste: 0, total_grams_before: 56.75, total_grams: 55 },
          ],
        },
      ],
    });
    expect(await snapshots.take()).toEqual(before);
  });

  it("all or nothing: a replacement without a line's unit is 422 naming each line and the units it has", async () => {
    const before = await snapshots.take();
    const res = await t.client().post(`/v1/ingredients/${butter}/replace`, { replacement_id: eggs, dry_run: false });
    const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual([
      `recipes[${cookies}].lines[${lines[0]}].unit`,
      `recipes[${cake}].lines[${lines[1]}].unit`,
      `recipes[${cake}].lines[${lines[2]}].unit`,
    ]);
    expect(body.errors[`recipes[${cookies}].lines[${lines[0]}].unit`]![0]).toContain('1 large egg');
    expect(await snapshots.take()).toEqual(before);
  });

  it('bad input is 422 naming the field, nothing written', async () => {
    const before = await snapshots.take();
    const theirs = json(await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'B margarine' }))).ingredient.id;
    const bodies: Array<[Record<string, unknown>, string]> = [
      [{}, 'replacement_id'],
      [{ replacement_id: 'x' }, 'replacement_id'],
      [{ replacement_id: 999999, dry_run: false }, 'replacement_id'],
      [{ replacement_id: theirs, dry_run: false }, 'replacement_id'],
      [{ replacement_id: butter, dry_run: false }, 'replacement_id'],
      [{ replacement_id: margarine, dry_run: 'maybe' }, 'dry_run'],
    ];
    for (const [payload, field] of bodies) {
      const body = expectError(await t.client().post(`/v1/ingredients/${butter}/replace`, payload), 422, 'ValidationFailed') as {
        errors: Record<string, string[]>;
      };
      expect(Object.keys(body.errors)).toContain(field);
    }
    const after = await snapshots.take();
    expect(after.recipe_ingredients).toEqual(before.recipe_ingredients);
  });

  it("another account's private ingredient is 404, and its recipes are not touched", async () => {
    const b = t.client(t.accountB.key);
    const theirButter = json(await b.post('/v1/ingredients', flourBody({ name: 'Butter' }))).ingredient.id;
    const theirRecipe = json(await b.post('/v1/recipes', { name: 'B cookies' })).recipe.id;
    const theirLine = json(await b.post(`/v1/recipes/${theirRecipe}/recipe_ingredients`, { ingredient_id: theirButter, total_grams: 10 }))
      .recipe_ingredient.id;
    expectError(
      await t.client().post(`/v1/ingredients/${theirButter}/replace`, { replacement_id: margarine, dry_run: false }),
      404,
      'NotFound',
    );
    expect(json(await b.get(`/v1/recipes/${theirRecipe}/recipe_ingredients/${theirLine}`)).recipe_ingredient.ingredient_id).toBe(
      theirButter,
    );
  });

  it('replaces every line, keeping line ids, and records a revision per recipe and an audit event per line', async () => {
    const res = await t.client().post(`/v1/ingredients/${butter}/replace`, { replacement_id: margarine, dry_run: false });
    expect(res.statusCode).toBe(200);
    expect(json(res).ingredient_replacement.dry_run).toBe(false);
    expect((await lineOf(cookies, lines[0]!)).ingredient_id).toBe(margarine);
    expect((await lineOf(cake, lines[1]!)).ingredient_id).toBe(margarine);
    expect((await lineOf(cake, lines[2]!)).total_grams).toBe(55);
    for (const recipe of [cookies, cake]) {
      const [latest] = json(await t.client().get(`/v1/recipes/${recipe}/revisions`));
      expect(latest.revision.changes).toContainEqual(expect.objectContaining({ field: 'ingredient_id', old: butter, new: margarine }));
    }
    const events = json(await t.client().get('/v1/audit_events?resource=recipe_ingredient')).slice(0, 3);
    expect(events.map((e: any) => e.audit_event.resource_id).sort()).toEqual([...lines].sort());
    // Butter is used by nothing now: it can be deleted.
    expect((await t.client().delete(`/v1/ingredients/${butter}`)).statusCode).toBe(200);
  });

  it("a public library ingredient is replaced in the caller's recipes only", async () => {
    await importPublicIngredients(t.ctx, [
      { ...flourBody({ name: 'Library butter', description1: '1 cup', weight1: 227 }), usda_verified: true },
    ]);
    const library = json(await t.client().get('/v1/ingredients/search?q=library%20butter'))[0].ingredient.id;
    const mine = json(await t.client().post('/v1/recipes', { name: 'Mine' })).recipe.id;
    const myLine = json(await t.client().post(`/v1/recipes/${mine}/recipe_ingredients`, { ingredient_id: library, unit: 'cup' }))
      .recipe_ingredient.id;
    const b = t.client(t.accountB.key);
    const theirs = json(await b.post('/v1/recipes', { name: 'Theirs' })).recipe.id;
    const theirLine = json(await b.post(`/v1/recipes/${theirs}/recipe_ingredients`, { ingredient_id: library, unit: 'cup' }))
      .recipe_ingredient.id;
    const res = await t.client().post(`/v1/ingredients/${library}/replace`, { replacement_id: margarine, dry_run: false });
    expect(json(res).ingredient_replacement.recipes.map((r: any) => r.id)).toEqual([mine]);
    expect((await lineOf(mine, myLine)).ingredient_id).toBe(margarine);
    expect(json(await b.get(`/v1/recipes/${theirs}/recipe_ingredients/${theirLine}`)).recipe_ingredient.ingredient_id).toBe(library);
  });
});
