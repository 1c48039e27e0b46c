// Bug: a line's ingredient_id could not be changed: PUT .../recipe_ingredients/{line} with another
// ingredient_id answered 200 and ignored it (X-Ignored-Fields), so a baker swapping butter for margarine
// kept butter on the label. It now swaps the line's ingredient (docs/api.md#swapping-a-line): the same
// line id, the unit and quantity kept when the new ingredient has the unit (its grams are the new
// one's), else 422 naming the units it has; history recorded as for any line write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())("swapping a line's ingredient on %s", (kind) => {
  let t: TestApp;
  let butter: number;
  let margarine: number;
  let eggs: number;
  let recipe: number;
  let line: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = t.client();
    butter = json(await a.post('/v1/ingredients', flourBody({ name: 'Butter', description1: '1 cup', weight1: 227, calories: 1628 })))
      .ingredient.id;
    margarine = json(await a.post('/v1/ingredients', flourBody({ name: 'Margarine', description1: '1 cup', weight1: 220, calories: 1577 })))
      .ingredient.id;
    eggs = json(await a.post('/v1/ingredients', flourBody({ name: 'Eggs', description1: '1 large egg', weight1: 50, calories: 74 })))
      .ingredient.id;
    recipe = json(await a.post('/v1/recipes', { name: 'Shortbread' })).recipe.id;
    line = json(await a.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: butter, unit: 'cup', quantity: 0.5, waste: 2 }))
      .recipe_ingredient.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("replaces the ingredient of the same line, keeping unit, quantity and waste; grams are the new ingredient's", async () => {
    const res = await t.client().put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { ingredient_id: margarine });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ignored-fields']).toBeUndefined();
    expect(json(res).recipe_ingredient).toMatchObject({
      id: line,
      ingredient_id: margarine,
      name: 'Margarine',
      unit: '1 cup',
      quantity: 0.5,
      waste: 2,
      total_grams: 110,
    });
    const lines = json(await t.client().get(`/v1/recipes/${recipe}/recipe_ingredients`)).recipe.recipe_ingredients;
    expect(lines.map((l: any) => [l.recipe_ingredient.id, l.recipe_ingredient.ingredient_id])).toEqual([[line, margarine]]);
    expect(json(await t.client().get(`/v1/recipes/${recipe}`)).recipe.ingredient_list).toBe('Margarine');
  });

  it('records a revision naming the change, and an audit event', async () => {
    const [latest] = json(await t.client().get(`/v1/recipes/${recipe}/revisions`));
    expect(latest.revision.changes).toContainEqual(
      expect.objectContaining({ field: 'ingredient_id', old: butter, new: margarine, line_id: line }),
    );
    const [event] = json(await t.client().get('/v1/audit_events?resource=recipe_ingredient'));
    expect(event.audit_event).toMatchObject({ action: 'update', resource_id: line, fields: ['ingredient_id'] });
  });

  it('a unit the new ingredient lacks is 422 naming the units it has; nothing changes', async () => {
    const res = await t.client().put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { ingredient_id: eggs });
    const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
    expect(body.errors.unit![0]).toContain('1 large egg');
    expect(body.errors.unit![0]).toContain('1 gram');
    expect(json(await t.client().get(`/v1/recipes/${recipe}/recipe_ingredients/${line}`)).recipe_ingredient.ingredient_id).toBe(margarine);
  });

  it('with a unit of its own, the swap takes it', async () => {
    const res = await t
      .client()
      .put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { ingredient_id: eggs, unit: 'large egg', quantity: 2 });
    expect(json(res).recipe_ingredient).toMatchObject({
      id: line,
      ingredient_id: eggs,
      unit: '1 large egg',
      quantity: 2,
      total_grams: 100,
    });
    await t.client().put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { ingredient_id: margarine, unit: 'cup', quantity: 0.5 });
  });

  it("an unknown or another account's private ingredient is 422 naming ingredient_id; nothing changes", async () => {
    const theirs = json(await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'B butter' }))).ingredient.id;
    for (const id of [theirs, 999999]) {
      const res = await t.client().put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { ingredient_id: id });
      const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toEqual(['ingredient_id']);
    }
    expect(json(await t.client().get(`/v1/recipes/${recipe}/recipe_ingredients/${line}`)).recipe_ingredient.ingredient_id).toBe(margarine);
  });

  it('another account cannot swap the line of a recipe it does not own (404)', async () => {
    const res = await t.client(t.accountB.key).put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { ingredient_id: butter });
    expectError(res, 404, 'NotFound');
    expect(json(await t.client().get(`/v1/recipes/${recipe}/recipe_ingredients/${line}`)).recipe_ingredient.ingredient_id).toBe(margarine);
  });

  it('a subrecipe that contains the recipe is refused (a recipe cannot contain itself)', async () => {
    const sub = json(await t.client().post(`/v1/recipes/${recipe}/create_subrecipe`)).ingredient.id;
    const outer = json(await t.client().post('/v1/recipes', { name: 'Tray' })).recipe.id;
    const outerLine = json(await t.client().post(`/v1/recipes/${outer}/recipe_ingredients`, { ingredient_id: sub, total_grams: 100 }))
      .recipe_ingredient.id;
    const traySub = json(await t.client().post(`/v1/recipes/${outer}/create_subrecipe`)).ingredient.id;
    const res = await t.client().put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { ingredient_id: traySub, total_grams: 10 });
    const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
    expect(body.errors.ingredient_id![0]).toContain('cannot contain itself');
    expect(outerLine).toBeGreaterThan(0);
  });
});
