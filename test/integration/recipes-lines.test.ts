// Recipe ingredients through HTTP (docs/api.md#recipe-lines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('recipe ingredients on %s', (kind) => {
  let t: TestApp;
  let flour: number;
  let egg: number;
  let privateOfB: number;
  let recipe: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    flour = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Flour', name_fr: 'Farine' }))).ingredient.id;
    egg = json(
      await t
        .client()
        .post('/v1/ingredients', flourBody({ name: 'Egg', description1: '1 large egg', weight1: 50, ingredient_list: 'Whole eggs' })),
    ).ingredient.id;
    privateOfB = json(await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'Secret' }))).ingredient.id;
    recipe = json(await t.client().post('/v1/recipes', { name: 'Cake' })).recipe.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const url = (suffix = '') => `/v1/recipes/${recipe}/recipe_ingredients${suffix}`;
  const lineCount = async () =>
    Number(
      (
        await t.db.handle.db
          .selectFrom('recipe_ingredients')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('adds a line with a bare unit name, and returns units_and_grams and display text', async () => {
    const res = await t.client().post(url(), { recipe_ingredient: { ingredient_id: flour, unit: 'cup', quantity: 2 } });
    expect(res.statusCode).toBe(201);
    const line = json(res).recipe_ingredient;
    expect(line).toMatchObject({
      recipe_id: recipe,
      ingredient_id: flour,
      name: 'Flour',
      unit: '1 cup',
      quantity: 2,
      waste: 0,
      total_grams: 250,
      net_grams: 250,
      food: true,
      non_food: null,
      display_text: { 'en-US': 'Flour', 'en-CA': 'Flour', 'fr-CA': 'Farine' },
      display_as: 'Flour',
    });
    expect(line.units_and_grams['1 cup']).toBe(125);
    expect(line.units_and_grams['1 gram']).toBe(1);
  });

  it('defaults to description1, quantity 1, waste 0; accepts a form body', async () => {
    const res = await t.client().post(url(), { recipe_ingredient: { ingredient_id: String(egg) } }, 'form');
    expect(res.statusCode).toBe(201);
    expect(json(res).recipe_ingredient).toMatchObject({
      unit: '1 large egg',
      quantity: 1,
      waste: 0,
      total_grams: 50,
      display_as: 'Whole eggs',
    });
  });

  it('total_grams overrides unit and quantity', async () => {
    const line = json(
      await t.client().post(url(), { ingredient_id: flour, unit: 'cup', quantity: 3, total_grams: 80, waste: 25 }),
    ).recipe_ingredient;
    expect(line).toMatchObject({ unit: '1 gram', quantity: 80, total_grams: 80, net_grams: 60, waste: 25 });
  });

  it("updates the amount; total_grams turns the unit into grams; the line's own ingredient_id changes nothing", async () => {
    const line = json(await t.client().post(url(), { ingredient_id: flour, unit: 'cup', quantity: 1 })).recipe_ingredient;
    let res = await t.client().put(url(`/${line.id}`), { recipe_ingredient: { waste: 10 } });
    expect(json(res).recipe_ingredient).toMatchObject({ unit: '1 cup', quantity: 1, waste: 10, total_grams: 125, net_grams: 112.5 });
    // Another ingredient_id swaps the line's ingredient (docs/api.md#recipe-lines; test/regressions/line-ingredient-id-ignored-on-update.test.ts).
    res = await t.client().put(url(`/${line.id}`), { recipe_ingredient: { total_grams: 40, ingredient_id: flour } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ignored-fields']).toBeUndefined();
    expect(json(res).recipe_ingredient).toMatchObject({ ingredient_id: flour, unit: '1 gram', quantity: 40, total_grams: 40, waste: 10 });
    res = await t.client().put(url(`/${line.id}`), { unit: 'oz' });
    expect(json(res).recipe_ingredient.total_grams).toBeCloseTo(40 * 28.349523125, 9);
    const got = json(await t.client().get(url(`/${line.id}`))).recipe_ingredient;
    expect(got.unit).toBe('1 oz');
    expect(got.units_and_grams).toBeDefined();
  });

  it('lists in the nested envelope without units_and_grams', async () => {
    const res = await t.client().get(url());
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.recipe).toMatchObject({ id: recipe, name: 'Cake' });
    expect(body.recipe.recipe_ingredients.length).toBeGreaterThan(2);
    for (const item of body.recipe.recipe_ingredients) {
      expect(Object.keys(item)).toEqual(['recipe_ingredient']);
      expect(item.recipe_ingredient.units_and_grams).toBeUndefined();
      expect(item.recipe_ingredient.display_text['en-US']).toBeTruthy();
    }
  });

  it('deletes a line and the same ingredient can be added again', async () => {
    const line = json(await t.client().post(url(), { ingredient_id: egg })).recipe_ingredient;
    const res = await t.client().delete(url(`/${line.id}`));
    expect(json(res)).toEqual({ recipe_ingredient: { id: line.id, deleted: true } });
    expect((await t.client().get(url(`/${line.id}`))).statusCode).toBe(404);
    expect((await t.client().delete(url(`/${line.id}`))).statusCode).toBe(404);
    expect((await t.client().post(url(), { ingredient_id: egg })).statusCode).toBe(201);
  });

  it.each([
    ['an unknown ingredient', () => ({ ingredient_id: 999999 }), 'ingredient_id'],
    ["another account's private ingredient", () => ({ ingredient_id: privateOfB }), 'ingredient_id'],
    ['no ingredient_id', () => ({ quantity: 1 }), 'ingredient_id'],
    ['a unit the ingredient does not have', () => ({ ingredient_id: egg, unit: 'bushel' }), 'unit'],
    ['a negative quantity', () => ({ ingredient_id: flour, quantity: -1 }), 'quantity'],
    ['waste 101', () => ({ ingredient_id: flour, waste: 101 }), 'waste'],
    ['waste below 0', () => ({ ingredient_id: flour, waste: -0.5 }), 'waste'],
    ['a negative total_grams', () => ({ ingredient_id: flour, total_grams: -3 }), 'total_grams'],
  ])('rejects %s with 422 and writes nothing', async (_label, body, field) => {
    const before = await lineCount();
    const res = await t.client().post(url(), body());
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json(res).errors)).toContain(field);
    expect(await lineCount()).toBe(before);
  });

  it('names the valid units when the unit is unknown', async () => {
    const res = await t.client().post(url(), { ingredient_id: egg, unit: 'bushel' });
    const message = json(res).errors.unit[0];
    expect(message).toContain('bushel');
    expect(message).toContain('1 large egg');
    expect(message).toContain('1 gram');
  });

  it('accepts waste 100 and quantity 0 (the boundaries)', async () => {
    expect((await t.client().post(url(), { ingredient_id: flour, waste: 100 })).statusCode).toBe(201);
    expect((await t.client().post(url(), { ingredient_id: flour, quantity: 0 })).statusCode).toBe(201);
  });

  it('rejects an invalid update without changing the line', async () => {
    const line = json(await t.client().post(url(), { ingredient_id: flour, quantity: 2 })).recipe_ingredient;
    expect((await t.client().put(url(`/${line.id}`), { waste: 101 })).statusCode).toBe(422);
    expect((await t.client().put(url(`/${line.id}`), { unit: 'bushel' })).statusCode).toBe(422);
    expect(json(await t.client().get(url(`/${line.id}`))).recipe_ingredient).toMatchObject({ quantity: 2, waste: 0, unit: '1 cup' });
  });

  it('404s for unknown recipe or line ids', async () => {
    expect((await t.client().get('/v1/recipes/999999/recipe_ingredients')).statusCode).toBe(404);
    expect((await t.client().post('/v1/recipes/999999/recipe_ingredients', { ingredient_id: flour })).statusCode).toBe(404);
    expect((await t.client().get(url('/999999'))).statusCode).toBe(404);
    expect((await t.client().get(url('/abc'))).statusCode).toBe(404);
  });

  it('blocks deleting an ingredient a recipe uses (409 naming the recipe)', async () => {
    const res = await t.client().delete(`/v1/ingredients/${flour}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toContain('"Cake"');
  });
});
