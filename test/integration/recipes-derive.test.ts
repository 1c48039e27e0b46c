// Shortcut, scale and live subrecipes through HTTP (docs/api.md#recipes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { printedNumber } from '../../src/lib/printed-number.js';

describe.each(databaseKinds())('shortcut, scale and subrecipes on %s', (kind) => {
  let t: TestApp;
  let flour: number; // 364 kcal / 100 g
  let sugar: number; // 387 kcal / 100 g
  let milk: number; // 1 cup = 244 g, milk allergen
  beforeAll(async () => {
    t = await createTestApp(kind);
    flour = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Flour', allergens: { wheat: true } }))).ingredient.id;
    sugar = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Sugar', weight1: 200, calories: 774 }))).ingredient.id;
    milk = json(
      await t.client().post('/v1/ingredients', flourBody({ name: 'Milk', weight1: 244, calories: 149, allergens: { milk: true } })),
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
  const lines = async (id: number) =>
    json(await t.client().get(`/v1/recipes/${id}/recipe_ingredients`)).recipe.recipe_ingredients.map((l: any) => l.recipe_ingredient);
  const recipeOf = async (id: number) => json(await t.client().get(`/v1/recipes/${id}`)).recipe;

  describe('shortcut', () => {
    it('takes the commercial comma-string wire format (grams) from a form body', async () => {
      const body = { recipe: { name: 'Quick', servings: '2', ingredient_ids: `${flour},${sugar}`, ingredient_weights: '100,50.5' } };
      const res = await t.client().post('/v1/recipes/shortcut', body, 'form');
      expect(res.statusCode).toBe(201);
      const { recipe } = json(res);
      expect(recipe).toMatchObject({ name: 'Quick', servings: 2, net_grams: 150.5 });
      expect(recipe.nutrition.calories).toBeCloseTo((364 + 0.505 * 387) / 2, 9);
      const got = await lines(recipe.id);
      expect(got.map((l: any) => [l.ingredient_id, l.unit, l.quantity])).toEqual([
        [flour, '1 gram', 100],
        [sugar, '1 gram', 50.5],
      ]);
    });

    it('takes arrays in JSON', async () => {
      const res = await t
        .client()
        .post('/v1/recipes/shortcut', { recipe: { name: 'Arr', ingredient_ids: [flour, sugar], ingredient_weights: [10, 20] } });
      expect(res.statusCode).toBe(201);
      expect(json(res).recipe.net_grams).toBe(30);
    });

    it('takes recipe_ingredients objects with units and waste (JSON)', async () => {
      const body = {
        recipe: {
          name: 'Obj',
          recipe_ingredients: [
            { ingredient_id: flour, unit: 'cup', quantity: 2, waste: 10 },
            { ingredient_id: milk, total_grams: 100 },
          ],
        },
      };
      const res = await t.client().post('/v1/recipes/shortcut', body);
      expect(res.statusCode).toBe(201);
      expect(json(res).recipe).toMatchObject({ total_grams: 350, net_grams: 325, allergens: { milk: true, wheat: true } });
    });

    it('takes Rails recipe[recipe_ingredients][] form objects', async () => {
      const form = [
        'recipe[name]=Rails',
        `recipe[recipe_ingredients][][ingredient_id]=${flour}`,
        'recipe[recipe_ingredients][][unit]=cup',
        'recipe[recipe_ingredients][][quantity]=2',
        `recipe[recipe_ingredients][][ingredient_id]=${milk}`,
        'recipe[recipe_ingredients][][unit]=gram',
        'recipe[recipe_ingredients][][quantity]=100',
      ].join('&');
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/recipes/shortcut',
        payload: form,
        headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(201);
      expect(json(res).recipe).toMatchObject({ total_grams: 350, recipe_ingredients_count: 2 });
      const indexed = await t.client().post(
        '/v1/recipes/shortcut',
        {
          recipe: {
            name: 'Idx',
            recipe_ingredients: { 0: { ingredient_id: flour, total_grams: 5 }, 1: { ingredient_id: milk, total_grams: 7 } },
          },
        },
        'form',
      );
      expect(json(indexed).recipe.total_grams).toBe(12);
    });

    it.each([
      ['3 ids and 2 weights', { ingredient_ids: 'F,S,F', ingredient_weights: '1,2' }, 'ingredient_weights'],
      ['no lines', {}, 'recipe_ingredients'],
      ['101 lines', { ingredient_ids: 'MANY', ingredient_weights: 'MANYW' }, 'recipe_ingredients'],
      ['an unknown ingredient', { ingredient_ids: 'F,999999', ingredient_weights: '1,2' }, 'ingredient_id'],
      ['a non-numeric id', { ingredient_ids: 'F,abc', ingredient_weights: '1,2' }, 'ingredient_id'],
      ['a negative weight', { ingredient_ids: 'F', ingredient_weights: '-1' }, 'ingredient_weights'],
      ['a bad unit in a line object', { recipe_ingredients: [{ ingredient_id: 'F', unit: 'bushel' }] }, 'recipe_ingredients[0].unit'],
      ['a bad recipe field', { ingredient_ids: 'F', ingredient_weights: '1', servings: 0.5 }, 'servings'],
    ])('rejects %s with 422 and creates nothing', async (_label, raw, field) => {
      const fill = (v: unknown): unknown => {
        if (v === 'MANY') return Array(101).fill(flour).join(',');
        if (v === 'MANYW') return Array(101).fill('1').join(',');
        if (typeof v === 'string') return v.replace(/F/g, String(flour)).replace(/S/g, String(sugar));
        if (Array.isArray(v)) return v.map((o) => ({ ...o, ingredient_id: fill(o.ingredient_id) }));
        return v;
      };
      const body = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, fill(v)]));
      const before = [await count('recipes'), await count('recipe_ingredients')];
      const res = await t.client().post('/v1/recipes/shortcut', { recipe: { name: 'Nope', ...body } });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(json(res).errors)).toContain(field);
      expect([await count('recipes'), await count('recipe_ingredients')]).toEqual(before);
    });

    it('accepts exactly 100 lines', async () => {
      const res = await t.client().post('/v1/recipes/shortcut', {
        name: 'Hundred',
        ingredient_ids: Array(100).fill(flour).join(','),
        ingredient_weights: Array(100).fill('1').join(','),
      });
      expect(res.statusCode).toBe(201);
      expect(json(res).recipe.recipe_ingredients_count).toBe(100);
    });
  });

  describe('scale', () => {
    let original: any;
    beforeAll(async () => {
      const res = await t.client().post('/v1/recipes/shortcut', {
        recipe: {
          name: 'Loaf',
          servings: 4,
          packages: 1,
          labor_cost: 10,
          overhead_cost: 4,
          packaging_cost: 0.5,
          tags: ['bread'],
          allergens: { sesame: true },
          label_settings: { format: 'fda_linear' },
          package_yield_quantity: 270,
          recipe_ingredients: [
            { ingredient_id: flour, unit: 'cup', quantity: 2 },
            { ingredient_id: sugar, total_grams: 50, waste: 10 },
          ],
        },
      });
      original = json(res).recipe;
    });

    it('doubles every line into a new recipe; the original is untouched', async () => {
      const res = await t.client().post(`/v1/recipes/${original.id}/scale`, { scale_amount: 2 });
      expect(res.statusCode).toBe(201);
      const scaled = json(res).recipe;
      expect(scaled.id).not.toBe(original.id);
      expect(scaled).toMatchObject({
        name: 'Loaf x2',
        packages: 2,
        servings: 4,
        labor_cost: 20,
        overhead_cost: 8,
        packaging_cost: 0.5,
        tags: ['bread'],
        allergens: { sesame: true, wheat: true },
        recipe_allergens: { sesame: true },
        label_settings: { format: 'fda_linear' },
        package_yield_quantity: 270,
      });
      expect(scaled.total_grams).toBeCloseTo(2 * original.total_grams, 9);
      expect(scaled.nutrition.calories).toBeCloseTo(original.nutrition.calories, 9);
      expect(scaled.embed_token).not.toBe(original.embed_token);
      const got = await lines(scaled.id);
      expect(got.map((l: any) => [l.unit, l.quantity, l.waste])).toEqual(
        [
          ['1 cup', 4],
          ['1 gram', 100],
        ].map(([u, q], i) => [u, q, i === 0 ? 0 : 10]),
      );
      expect(await recipeOf(original.id)).toEqual(original);
    });

    it('halving keeps packages at 1 and adjusts servings so per-serving nutrition stays', async () => {
      const res = await t.client().put(`/v1/recipes/${original.id}/scale`, { recipe: { scale_factor: '0.5' } }, 'form');
      expect(res.statusCode).toBe(201);
      const scaled = json(res).recipe;
      expect(scaled).toMatchObject({ name: 'Loaf x0.5', packages: 1, servings: 2, package_yield_quantity: 135, labor_cost: 5 });
      expect(scaled.nutrition.calories).toBeCloseTo(original.nutrition.calories, 9);
      expect(scaled.serving_grams).toBeCloseTo(original.serving_grams, 9);
    });

    it('copies with amount 1 by default (no body at all) and takes a name', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/recipes/${original.id}/scale`,
        headers: { authorization: `Token token=${t.accountA.key}` },
      });
      expect(res.statusCode).toBe(201);
      expect(json(res).recipe).toMatchObject({ name: 'Loaf (copy)', packages: 1, servings: 4 });
      const named = json(await t.client().post(`/v1/recipes/${original.id}/scale`, { scale_amount: 3, name: 'Big loaf' })).recipe;
      expect(named).toMatchObject({ name: 'Big loaf', packages: 3 });
    });

    it.each([[0], [-1], ['abc'], [true]])('rejects scale_amount %j with 422 and creates nothing', async (amount) => {
      const before = await count('recipes');
      const res = await t.client().post(`/v1/recipes/${original.id}/scale`, { scale_amount: amount });
      expect(res.statusCode).toBe(422);
      expect(json(res).errors.scale_amount).toBeDefined();
      expect(await count('recipes')).toBe(before);
    });
  });

  describe('subrecipes', () => {
    it('creates an ingredient that follows its recipe live, idempotently', async () => {
      const dough = json(
        await t.client().post('/v1/recipes/shortcut', {
          name: 'Dough',
          subrecipe_name: 'Sweet dough',
          servings: 2,
          ingredient_ids: `${flour},${sugar}`,
          ingredient_weights: '50,50',
        }),
      ).recipe;
      const res = await t.client().post(`/v1/recipes/${dough.id}/create_subrecipe`);
      expect(res.statusCode).toBe(201);
      const sub = json(res).ingredient;
      expect(sub).toMatchObject({
        name: 'Sweet dough',
        subrecipe: true,
        recipe_id: dough.id,
        food: true,
        allergens: { wheat: true },
        ingredient_list: 'Flour, Sugar',
      });
      expect(sub.calories).toBeCloseTo((364 + 387) / 2, 9);
      expect(sub.units_and_grams).toMatchObject({ '1 serving': 50, '1 package': 100, '1 gram': 1 });
      const again = await t.client().post(`/v1/recipes/${dough.id}/create_subrecipe`, { name: 'Other' });
      expect(again.statusCode).toBe(200);
      expect(json(again).ingredient.id).toBe(sub.id);

      // Use it in a cake, then change the dough: the ingredient and the cake follow.
      const cake = json(
        await t.client().post('/v1/recipes/shortcut', {
          name: 'Cake',
          recipe_ingredients: [
            { ingredient_id: sub.id, unit: 'serving', quantity: 2 },
            { ingredient_id: milk, total_grams: 100 },
          ],
        }),
      ).recipe;
      expect(cake.net_grams).toBe(200);
      expect(cake.ingredient_list).toBe('Sweet dough (Flour, Sugar), Milk');
      expect(cake.allergens).toEqual({ milk: true, wheat: true });
      await t.client().post(`/v1/recipes/${dough.id}/recipe_ingredients`, { ingredient_id: milk, total_grams: 100 });
      const live = json(await t.client().get(`/v1/ingredients/${sub.id}`)).ingredient;
      expect(live.calories).toBe(printedNumber((50 * 3.64 + 50 * 3.87 + 100 * (149 / 244)) / 2));
      expect(live.units_and_grams['1 serving']).toBe(100);
      expect(live.allergens).toEqual({ milk: true, wheat: true });
      expect(live.ingredient_list).toBe('Milk, Flour, Sugar');
      const listed = json(await t.client().get('/v1/ingredients?per_page=20')).find((i: any) => i.ingredient.id === sub.id).ingredient;
      expect(listed.calories).toBeCloseTo(live.calories, 9);
      const cakeNow = await recipeOf(cake.id);
      expect(cakeNow.net_grams).toBe(300); // 2 servings are now 200 g
      expect(cakeNow.ingredient_list).toBe('Sweet dough (Milk, Flour, Sugar), Milk');

      // Deleting the dough is blocked while the cake uses it; deleting the cake first frees it.
      const blocked = await t.client().delete(`/v1/recipes/${dough.id}`);
      expect(blocked.statusCode).toBe(409);
      expect(json(blocked).message).toContain('"Cake"');
      expect((await t.client().delete(`/v1/ingredients/${sub.id}`)).statusCode).toBe(409);
      expect((await t.client().delete(`/v1/recipes/${cake.id}`)).statusCode).toBe(200);
      expect((await t.client().delete(`/v1/recipes/${dough.id}`)).statusCode).toBe(200);
      expect((await t.client().get(`/v1/ingredients/${sub.id}`)).statusCode).toBe(404);
    });

    it('names the ingredient after the recipe, or as sent', async () => {
      const r = json(
        await t.client().post('/v1/recipes/shortcut', { name: 'Syrup', ingredient_ids: `${sugar}`, ingredient_weights: '10' }),
      ).recipe;
      const named = json(
        await t.client().post(`/v1/recipes/${r.id}/create_subrecipe`, { recipe: { name: 'Simple syrup' } }, 'form'),
      ).ingredient;
      expect(named.name).toBe('Simple syrup');
      const r2 = json(
        await t.client().post('/v1/recipes/shortcut', { name: 'Glaze', ingredient_ids: `${sugar}`, ingredient_weights: '10' }),
      ).recipe;
      expect(json(await t.client().post(`/v1/recipes/${r2.id}/create_subrecipe`)).ingredient.name).toBe('Glaze');
    });

    it('422 for an empty recipe', async () => {
      const empty = json(await t.client().post('/v1/recipes', { name: 'Empty' })).recipe;
      const res = await t.client().post(`/v1/recipes/${empty.id}/create_subrecipe`);
      expect(res.statusCode).toBe(422);
    });

    it('422 on a direct cycle and on a cycle three recipes deep, writing nothing', async () => {
      const make = async (name: string) => {
        const r = json(
          await t.client().post('/v1/recipes/shortcut', { name, ingredient_ids: `${flour}`, ingredient_weights: '10' }),
        ).recipe;
        const s = json(await t.client().post(`/v1/recipes/${r.id}/create_subrecipe`)).ingredient;
        return { recipe: r.id, sub: s.id };
      };
      const a = await make('A');
      const b = await make('B');
      const c = await make('C');
      const direct = await t.client().post(`/v1/recipes/${a.recipe}/recipe_ingredients`, { ingredient_id: a.sub });
      expect(direct.statusCode).toBe(422);
      expect(json(direct).errors.ingredient_id).toBeDefined();
      // A uses B, B uses C: C may not use A.
      expect(
        (await t.client().post(`/v1/recipes/${a.recipe}/recipe_ingredients`, { ingredient_id: b.sub, total_grams: 5 })).statusCode,
      ).toBe(201);
      expect(
        (await t.client().post(`/v1/recipes/${b.recipe}/recipe_ingredients`, { ingredient_id: c.sub, total_grams: 5 })).statusCode,
      ).toBe(201);
      const before = await count('recipe_ingredients');
      const deep = await t.client().post(`/v1/recipes/${c.recipe}/recipe_ingredients`, { ingredient_id: a.sub, total_grams: 5 });
      expect(deep.statusCode).toBe(422);
      expect(json(deep).errors.ingredient_id[0]).toContain('cannot contain itself');
      expect(await count('recipe_ingredients')).toBe(before);
      // A three-level tree evaluates: A = 10 g flour + 5 g of B (B = 10 g flour + 5 g C).
      const top = await recipeOf(a.recipe);
      expect(top.net_grams).toBe(15);
      expect(top.ingredient_list).toBe('Flour, B (Flour, C (Flour))');
      expect(top.nutrition.calories).toBeCloseTo(15 * 3.64, 9);
    });
  });
});
