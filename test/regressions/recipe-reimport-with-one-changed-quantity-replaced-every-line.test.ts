// Re-importing a recipe spreadsheet with one quantity changed deleted every line of the recipe and
// inserted them again: new line ids, a revision listing every line as removed and added, and a dry run
// that named "lines" without saying what changed. Now the rows are matched to the recipe's lines by
// ingredient, in order: the changed line is updated in place (same id), the revision's changes concern
// that line alone and name its ingredient, and the report gives the line's amounts before and after.
// Recipe costs' missing_costs now come with the ingredients' names (missing_cost_ingredients).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('re-importing a recipe with one changed quantity on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('updates that line in place: same ids, one line changed in the revision, old and new values in the dry run', async () => {
    const c = t.client();
    const flour = json(await c.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient;
    const sugar = json(await c.post('/v1/ingredients', flourBody({ name: 'Sugar', description1: '1 cup', weight1: 200 }))).ingredient;
    const butter = json(await c.post('/v1/ingredients', flourBody({ name: 'Butter', description1: '1 cup', weight1: 227 }))).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Cookies', servings: 24 } })).recipe;
    for (const [id, quantity] of [
      [flour.id, 2],
      [sugar.id, 1],
      [butter.id, 1],
    ]) {
      const res = await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: id, unit: '1 cup', quantity },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = json(await c.get(`/v1/recipes/${recipe.id}/recipe_ingredients`)).recipe.recipe_ingredients.map(
      (l: any) => l.recipe_ingredient,
    );
    const sugarLine = before.find((l: any) => l.ingredient_id === sugar.id);
    const sheet = (sugarCups: number) =>
      [
        'id,recipe_name,servings,ingredient_name,unit,quantity',
        `${recipe.id},Cookies,24,Flour,1 cup,2`,
        `${recipe.id},Cookies,24,Sugar,1 cup,${sugarCups}`,
        `${recipe.id},Cookies,24,Butter,1 cup,1`,
      ].join('\n');

    const unchanged = json(await uploadSheet(t, sheet(1), { kind: 'recipes', dryRun: true })).import;
    expect(unchanged).toMatchObject({ status: 'checked', updated: 0, unchanged: 1 });

    const dry = json(await uploadSheet(t, sheet(1.5), { kind: 'recipes', dryRun: true })).import;
    expect(dry).toMatchObject({ status: 'checked', updated: 1 });
    expect(dry.changes[0].fields).toEqual(['lines']);
    expect(dry.changes[0].lines).toEqual([
      {
        line_id: sugarLine.id,
        ingredient_id: sugar.id,
        ingredient_name: 'Sugar',
        change: 'updated',
        old: { unit: '1 cup', quantity: 1, waste: 0, total_grams: 200 },
        new: { unit: '1 cup', quantity: 1.5, waste: 0, total_grams: 300 },
      },
    ]);

    const applied = json(await uploadSheet(t, sheet(1.5), { kind: 'recipes', dryRun: false })).import;
    expect(applied).toMatchObject({ status: 'applied', updated: 1 });
    const after = json(await c.get(`/v1/recipes/${recipe.id}/recipe_ingredients`)).recipe.recipe_ingredients.map(
      (l: any) => l.recipe_ingredient,
    );
    expect(after.map((l: any) => l.id)).toEqual(before.map((l: any) => l.id));
    expect(after.find((l: any) => l.id === sugarLine.id).quantity).toBe(1.5);

    const [latest] = json(await c.get(`/v1/recipes/${recipe.id}/revisions`)).map((r: any) => r.revision);
    expect(latest.changes.length).toBeGreaterThan(0);
    for (const change of latest.changes)
      expect(change).toMatchObject({ line_id: sugarLine.id, ingredient_id: sugar.id, ingredient_name: 'Sugar' });
    expect(latest.changes.map((ch: any) => ch.field)).toContain('quantity');
  });

  it('names the ingredients of missing_costs', async () => {
    const c = t.client();
    const oats = json(await c.post('/v1/ingredients', flourBody({ name: 'Rolled oats' }))).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Oat bar', servings: 10 } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: oats.id, total_grams: 400 } });
    const costs = json(await c.get(`/v1/recipes/${recipe.id}`)).recipe.costs;
    expect(costs.missing_costs).toEqual([oats.id]);
    expect(costs.missing_cost_ingredients).toEqual([{ id: oats.id, name: 'Rolled oats' }]);
  });
});
