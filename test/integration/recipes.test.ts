// The Recipes API through the real HTTP app on real databases (docs/api.md#recipes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { printedNumber } from '../../src/lib/printed-number.js';

describe.each(databaseKinds())('recipes on %s', (kind) => {
  let t: TestApp;
  let flour: number; // 1 cup = 125 g; 455 kcal per cup -> 364 kcal / 100 g
  let sugar: number; // 1 cup = 200 g; 774 kcal per cup -> 387 kcal / 100 g
  let labor: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    flour = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Flour', allergens: { wheat: true } }))).ingredient.id;
    sugar = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Sugar', weight1: 200, calories: 774, name_fr: 'Sucre' })))
      .ingredient.id;
    labor = json(
      await t.client().post('/v1/ingredients', { name: 'Baker', food: false, non_food: 'labor', description1: '1 hour', weight1: 1 }),
    ).ingredient.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (table: 'recipes' | 'recipe_ingredients') =>
    Number(
      (
        await t.db.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newRecipe = async (body: Record<string, unknown> = {}) => {
    const res = await t.client().post('/v1/recipes', { recipe: { name: 'Bread', ...body } });
    expect(res.statusCode).toBe(201);
    return json(res).recipe;
  };
  const addLine = (recipeId: number, body: Record<string, unknown>) =>
    t.client().post(`/v1/recipes/${recipeId}/recipe_ingredients`, { recipe_ingredient: body });

  it('creates a recipe with defaults, every nutrient key and an embed token', async () => {
    const recipe = await newRecipe();
    expect(recipe).toMatchObject({
      name: 'Bread',
      servings: 1,
      packages: 1,
      package_yield_unit: 'grams',
      package_yield_default: true,
      package_yield_quantity: 0,
      tags: [],
      archived: false,
      empty: true,
      total_grams: 0,
      ingredient_list: null,
      ingredient_list_default: true,
    });
    expect(recipe.embed_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(recipe.primary_label).toBe(`/v1/labels/${recipe.embed_token}`);
    expect(Object.keys(recipe.nutrition)).toEqual(expect.arrayContaining(['calories', 'protein', 'vitamin_b12', 'water']));
    expect(recipe.nutrition.calories).toBeNull();
    expect(recipe.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('accepts every field from a Rails form body', async () => {
    const body = {
      recipe: {
        name: 'Muffins',
        sku: 'MF-1',
        preparation: 'Bake.',
        subrecipe_name: 'Muffin batter',
        servings: '6',
        packages: '2',
        package_yield_quantity: '300',
        package_yield_unit: 'grams',
        suggested_serving: '1 muffin',
        visual_unit_of_measure: '1 muffin',
        prepared_serving_note: 'baked',
        labor_cost: '12.5',
        overhead_cost: '3',
        packaging_cost: '0.25',
        tags: 'breakfast, sweet',
        allergens: { Milk: 'true' },
        ingredient_list: 'Flour, love',
        label_settings: {
          language: 'en-CA',
          format: 'ca_standard',
          optional_nutrients: ['vitamin_d', 'potassium'],
          racc_grams: '55',
          dual_column_titles: ['A', 'B'],
        },
      },
    };
    const res = await t.client().post('/v1/recipes', body, 'form');
    expect(res.statusCode).toBe(201);
    const { recipe } = json(res);
    expect(recipe).toMatchObject({
      name: 'Muffins',
      sku: 'MF-1',
      preparation: 'Bake.',
      subrecipe_name: 'Muffin batter',
      servings: 6,
      packages: 2,
      package_yield_quantity: 300,
      package_yield_default: false,
      suggested_serving: '1 muffin',
      visual_unit_of_measure: '1 muffin',
      prepared_serving_note: 'baked',
      labor_cost: 12.5,
      overhead_cost: 3,
      packaging_cost: 0.25,
      tags: ['breakfast', 'sweet'],
      allergens: { milk: true },
      ingredient_list: 'Flour, love',
      ingredient_list_default: false,
      label_settings: {
        language: 'en-CA',
        format: 'ca_standard',
        optional_nutrients: ['vitamin_d', 'potassium'],
        racc_grams: 55,
        dual_column_titles: ['A', 'B'],
      },
    });
  });

  it.each([
    [{ servings: 0.5 }, 'servings'],
    [{ servings: 0 }, 'servings'],
    [{ packages: -1 }, 'packages'],
    [{ name: '' }, 'name'],
    [{ package_yield_quantity: -5 }, 'package_yield_quantity'],
    [{ package_yield_quantity: 'lots' }, 'package_yield_quantity'],
    [{ package_yield_unit: 'bushels' }, 'package_yield_unit'],
    [{ labor_cost: -1 }, 'labor_cost'],
    [{ allergens: { unicorn: true } }, 'allergens'],
    [{ label_settings: { format: 'poster' } }, 'label_settings.format'],
    [{ label_settings: { language: 'pt-PT' } }, 'label_settings.language'],
    [{ label_settings: { dv_population: 'infants' } }, 'label_settings.dv_population'],
    [{ label_settings: { percent_dv_basis: 'rounded' } }, 'label_settings.percent_dv_basis'],
    [{ label_settings: { optional_nutrients: ['unobtainium'] } }, 'label_settings.optional_nutrients'],
    [{ label_settings: { racc_grams: 0 } }, 'label_settings.racc_grams'],
    [{ label_settings: { reference_amount_grams: -1 } }, 'label_settings.reference_amount_grams'],
    [{ label_settings: { dual_column_titles: ['only one'] } }, 'label_settings.dual_column_titles'],
  ])('rejects %j with 422 on %s and creates nothing', async (fields, field) => {
    const before = await count('recipes');
    const res = await t.client().post('/v1/recipes', { recipe: { name: 'Bad', ...fields } });
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe('ValidationFailed');
    expect(Object.keys(json(res).errors)).toContain(field);
    expect(await count('recipes')).toBe(before);
  });

  it('accepts the boundaries: servings 1, packages 0, package_yield_quantity "default"', async () => {
    const recipe = await newRecipe({ servings: 1, packages: 0, package_yield_quantity: 'default' });
    expect(recipe).toMatchObject({ servings: 1, packages: 0, package_yield_default: true });
  });

  it('updates only what is sent, rotates the embed token on request', async () => {
    const recipe = await newRecipe({ sku: 'S1', tags: ['a'] });
    t.clock.advance(1000);
    const res = await t
      .client()
      .put(`/v1/recipes/${recipe.id}`, { recipe: { name: 'Rye', servings: 4, label_settings: { format: 'fda_linear' } } });
    expect(res.statusCode).toBe(200);
    const updated = json(res).recipe;
    expect(updated).toMatchObject({
      name: 'Rye',
      servings: 4,
      sku: 'S1',
      tags: ['a'],
      embed_token: recipe.embed_token,
      label_settings: { format: 'fda_linear' },
    });
    expect(updated.updated_at > recipe.updated_at).toBe(true);
    // Label settings merge: a member sent later adds to the saved ones; null removes one.
    const merged = json(await t.client().put(`/v1/recipes/${recipe.id}`, { label_settings: { racc_grams: 30 } })).recipe;
    expect(merged.label_settings).toEqual({ format: 'fda_linear', racc_grams: 30 });
    const removed = json(await t.client().put(`/v1/recipes/${recipe.id}`, { label_settings: { format: null } })).recipe;
    expect(removed.label_settings).toEqual({ racc_grams: 30 });
    const rotated = json(await t.client().put(`/v1/recipes/${recipe.id}`, { recipe: { embed_token: 'rotate' } }, 'form')).recipe;
    expect(rotated.embed_token).not.toBe(recipe.embed_token);
    expect(rotated.primary_label).toBe(`/v1/labels/${rotated.embed_token}`);
    const bad = await t.client().put(`/v1/recipes/${recipe.id}`, { embed_token: 'mine' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors.embed_token).toBeDefined();
  });

  it('deletes permanently', async () => {
    const recipe = await newRecipe();
    await addLine(recipe.id, { ingredient_id: flour });
    const res = await t.client().delete(`/v1/recipes/${recipe.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ recipe: { id: recipe.id, deleted: true } });
    expect((await t.client().get(`/v1/recipes/${recipe.id}`)).statusCode).toBe(404);
    expect((await t.client().delete(`/v1/recipes/${recipe.id}`)).statusCode).toBe(404);
  });

  it('lists with paging, sorting, archived filter and total count', async () => {
    const key = (await t.ctx.database.db.selectFrom('accounts').select('id').execute()).length; // unused, keeps types honest
    expect(key).toBeGreaterThan(0);
    const c = t.client(t.accountB.key);
    const names = ['Zeta', 'Alpha', 'Mid'];
    const ids: number[] = [];
    for (const name of names) {
      t.clock.advance(1000);
      ids.push(json(await c.post('/v1/recipes', { name })).recipe.id);
    }
    await c.put(`/v1/recipes/${ids[2]}`, { archived: true });
    const page = await c.get('/v1/recipes?per_page=1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('2');
    expect(json(page).map((r: any) => r.recipe.name)).toEqual(['Alpha']);
    expect(page.headers.link).toContain('rel="next"');
    const byName = json(await c.get('/v1/recipes?sort_field=name&sort_direction=asc')).map((r: any) => r.recipe.name);
    expect(byName).toEqual(['Alpha', 'Zeta']);
    expect(json(await c.get('/v1/recipes?archived=true')).map((r: any) => r.recipe.name)).toEqual(['Mid']);
    expect(json(await c.get('/v1/recipes?archived=all'))).toHaveLength(3);
    expect((await c.get('/v1/recipes?per_page=abc')).statusCode).toBe(400);
  });

  it('keeps X-Total-Count exact through create, archive, restore, delete and lost count rows', async () => {
    const c = t.client(t.accountB.key);
    const total = async (query = '') => Number((await c.get(`/v1/recipes${query}`)).headers['x-total-count']);
    const before = [await total(), await total('?archived=true'), await total('?archived=all')];
    const id = json(await c.post('/v1/recipes', { name: 'Counted' })).recipe.id;
    expect([await total(), await total('?archived=true'), await total('?archived=all')]).toEqual([
      before[0]! + 1,
      before[1],
      before[2]! + 1,
    ]);
    await c.put(`/v1/recipes/${id}`, { archived: true });
    expect([await total(), await total('?archived=true')]).toEqual([before[0], before[1]! + 1]);
    await c.put(`/v1/recipes/${id}`, { archived: true, name: 'Still archived' });
    expect(await total('?archived=true')).toBe(before[1]! + 1);
    // Count rows lost (or recipes loaded behind the repository's back): recounted on the next read.
    await t.db.handle.db.deleteFrom('recipe_counts').execute();
    expect([await total(), await total('?archived=true')]).toEqual([before[0], before[1]! + 1]);
    await c.put(`/v1/recipes/${id}`, { archived: false });
    await c.delete(`/v1/recipes/${id}`);
    expect([await total(), await total('?archived=true'), await total('?archived=all')]).toEqual(before);
    expect(await total('?q=nothing-matches-this')).toBe(0);
  });

  it('computes nutrition: per serving, per 100 g, waste, non-food lines and moisture loss', async () => {
    const recipe = await newRecipe({ servings: 2 });
    await addLine(recipe.id, { ingredient_id: flour, unit: 'cup', quantity: 2 }); // 250 g, 910 kcal
    await addLine(recipe.id, { ingredient_id: sugar, total_grams: 100, waste: 50 }); // 100 g gross, 50 g net, 193.5 kcal
    await addLine(recipe.id, { ingredient_id: labor, unit: 'hour', quantity: 2 });
    let r = json(await t.client().get(`/v1/recipes/${recipe.id}`)).recipe;
    expect(r.total_grams).toBeCloseTo(350, 9);
    expect(r.net_grams).toBeCloseTo(300, 9);
    expect(r.package_grams).toBeCloseTo(300, 9);
    expect(r.serving_grams).toBeCloseTo(150, 9);
    expect(r.nutrition.calories).toBeCloseTo((910 + 193.5) / 2, 9);
    // Responses print 10 significant digits (docs/api.md#responses).
    expect(r.nutrition_per_100g.calories).toBe(printedNumber(1103.5 / 3));
    expect(r.allergens).toEqual({ wheat: true });
    expect(r.ingredient_list).toBe('All-purpose flour'.length > 0 ? 'Flour, Sugar' : '');
    expect(r.ingredient_statements['fr-CA']).toBe('Flour, Sucres (sucre)'); // grouped: FDR B.01.008.3
    // Baked down to 240 g: per serving unchanged, per 100 g up.
    r = json(await t.client().put(`/v1/recipes/${recipe.id}`, { package_yield_quantity: 240 })).recipe;
    expect(r.nutrition.calories).toBeCloseTo(1103.5 / 2, 9);
    expect(r.serving_grams).toBeCloseTo(120, 9);
    expect(r.nutrition_per_100g.calories).toBe(printedNumber(1103.5 / 2.4));
  });
});
