// Ingredient costs (docs/api.md#costs) and recipe costs (docs/api.md#recipes `costs`, docs/api.md#cost-buckets) over HTTP, on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('ingredient and recipe costs on %s', (kind) => {
  let t: TestApp;
  let a: Client;
  let b: Client;
  let flour: number;
  let box: number;
  let baker: number;
  beforeAll(async () => {
    t = await createTestApp(kind); // the clock says 2026-11-18
    a = t.client();
    b = t.client(t.accountB.key);
    flour = json(await a.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
    box = json(await a.post('/v1/ingredients', { name: 'Box', food: false, non_food: 'packaging', description1: '1 box', weight1: 10 }))
      .ingredient.id;
    baker = json(await a.post('/v1/ingredients', { name: 'Baker', food: false, non_food: 'labor', description1: '1 hour', weight1: 1 }))
      .ingredient.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const cost = (c: Client, body: Record<string, unknown>, as: 'json' | 'form' = 'json') =>
    c.post('/v1/ingredient_costs', { ingredient_cost: body }, as);
  const count = async () =>
    Number(
      (
        await t.db.handle.db
          .selectFrom('ingredient_costs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('entries', () => {
    let first: any;
    it('creates (JSON and form), with computed cost per gram and the account currency', async () => {
      const res = await cost(a, { ingredient_id: flour, unit: 'kg', quantity: 1, price: 2.4, shipping: 0.1, effective_at: '2026-01-01' });
      expect(res.statusCode).toBe(201);
      first = json(res).ingredient_cost;
      expect(first).toEqual({
        id: expect.any(Number),
        ingredient_id: flour,
        effective_at: '2026-01-01',
        quantity: 1,
        unit: '1 kg',
        price: 2.4,
        shipping: 0.1,
        cost_per_gram: 0.0025,
        cost_per_hour: null,
        currency: 'USD',
        created_at: '2026-11-18T12:00:00Z',
        updated_at: '2026-11-18T12:00:00Z',
      });
      const form = await cost(
        a,
        { ingredient_id: String(flour), unit: '1 kg', quantity: '1', price: '3', effective_at: '2026-06-01' },
        'form',
      );
      expect(form.statusCode).toBe(201);
      expect(json(form).ingredient_cost).toMatchObject({ price: 3, shipping: 0, cost_per_gram: 0.003 });
      // A future price: not active today.
      expect((await cost(a, { ingredient_id: flour, unit: 'kg', quantity: 2, price: 10, effective_at: '2026-12-01' })).statusCode).toBe(
        201,
      );
      // Flat JSON works too; a cup of this flour weighs 125 g.
      const cup = json(
        await a.post('/v1/ingredient_costs', { ingredient_id: box, unit: 'box', quantity: 100, price: 30, effective_at: '2026-01-01' }),
      ).ingredient_cost;
      expect(cup).toMatchObject({ unit: '1 box', cost_per_gram: 0.03 });
    });

    it('prices hourly items per hour', async () => {
      const res = await cost(a, { ingredient_id: baker, unit: 'hour', quantity: 1, price: 15, effective_at: '2026-01-01' });
      expect(res.statusCode).toBe(201);
      expect(json(res).ingredient_cost).toMatchObject({ unit: '1 hour', cost_per_gram: null, cost_per_hour: 15 });
      const grams = await cost(a, { ingredient_id: baker, unit: 'gram', quantity: 1, price: 15, effective_at: '2026-02-01' });
      expect(grams.statusCode).toBe(422);
      expect(json(grams).errors.unit[0]).toMatch(/time unit/);
    });

    it('reads, updates (ingredient_id ignored) and keeps money exact', async () => {
      expect(json(await a.get(`/v1/ingredient_costs/${first.id}`)).ingredient_cost).toEqual(first);
      t.clock.advance(60_000);
      const res = await a.put(`/v1/ingredient_costs/${first.id}`, { ingredient_cost: { price: 0.1, shipping: 0.2, ingredient_id: box } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ignored-fields']).toContain('ingredient_id');
      const updated = json(res).ingredient_cost;
      expect(updated).toMatchObject({
        ingredient_id: flour,
        price: 0.1,
        shipping: 0.2,
        cost_per_gram: 0.0003,
        updated_at: '2026-11-18T12:01:00Z',
      });
      await a.put(`/v1/ingredient_costs/${first.id}`, { price: 2.4, shipping: 0.1 });
    });

    it('lists the active cost of each costed ingredient today, and the history newest first', async () => {
      const active = json(await a.get('/v1/ingredient_costs')).map((e: any) => e.ingredient_cost);
      expect(active.map((c: any) => [c.ingredient_id, c.effective_at])).toEqual([
        [flour, '2026-06-01'],
        [box, '2026-01-01'],
        [baker, '2026-01-01'],
      ]);
      const then = json(await a.get('/v1/ingredient_costs?cost_date=2026-12-01')).map((e: any) => e.ingredient_cost.effective_at);
      expect(then[0]).toBe('2026-12-01');
      const history = await a.get(`/v1/ingredients/${flour}/ingredient_costs`);
      expect(history.headers['x-total-count']).toBe('3');
      expect(json(history).map((e: any) => e.ingredient_cost.effective_at)).toEqual(['2026-12-01', '2026-06-01', '2026-01-01']);
      const page2 = await a.get(`/v1/ingredients/${flour}/ingredient_costs?per_page=2&page=2`);
      expect(json(page2).map((e: any) => e.ingredient_cost.effective_at)).toEqual(['2026-01-01']);
      expect(json(await a.get(`/v1/ingredients/${flour}/ingredient_costs?per_page=0`))).toHaveLength(1);
      expect(json(await a.get(`/v1/ingredients/${flour}/ingredient_costs?per_page=500`))).toHaveLength(3);
      expect((await a.get(`/v1/ingredients/${flour}/ingredient_costs?per_page=abc`)).statusCode).toBe(400);
      expect((await a.get('/v1/ingredient_costs?cost_date=2026-02-30')).statusCode).toBe(400);
      expect((await a.get('/v1/ingredients/999999/ingredient_costs')).statusCode).toBe(404);
    });

    it('refuses bad input with 422 and writes nothing', async () => {
      const before = await count();
      const base = { ingredient_id: flour, unit: 'kg', quantity: 1, price: 1, effective_at: '2026-03-01' };
      const cases: Array<[Record<string, unknown>, string, RegExp]> = [
        [{ ...base, price: -1 }, 'price', /greater than or equal to 0/],
        [{ ...base, quantity: 0 }, 'quantity', /cost per unit would be undefined/],
        [{ ...base, unit: 'bushel' }, 'unit', /valid units: 1 gram, 1 oz, 1 lb, 1 kg, .*1 cup/],
        [{ ...base, effective_at: '2026-06-01' }, 'effective_at', /already has a cost .* on 2026-06-01/],
        [{ ...base, effective_at: '2026-02-30' }, 'effective_at', /real calendar date/],
        [{ ...base, ingredient_id: 999999 }, 'ingredient_id', /can read/],
        [{ ...base, ingredient_id: undefined }, 'ingredient_id', /blank/],
        [{ ...base, effective_at: undefined }, 'effective_at', /blank/],
      ];
      for (const [body, field, message] of cases) {
        const res = await cost(a, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(json(res).error).toBe('ValidationFailed');
        expect(json(res).errors[field].join(' ')).toMatch(message);
      }
      // Several rules at once are reported together.
      const many = json(await cost(a, { ...base, price: -1, unit: 'bushel', effective_at: 'soon' })).errors;
      expect(Object.keys(many).sort()).toEqual(['effective_at', 'price', 'unit']);
      // Moving an entry onto a date that already has one.
      const moved = await a.put(`/v1/ingredient_costs/${first.id}`, { effective_at: '2026-06-01' });
      expect(moved.statusCode).toBe(422);
      expect(await count()).toBe(before);
      expect(json(await a.get(`/v1/ingredient_costs/${first.id}`)).ingredient_cost.effective_at).toBe('2026-01-01');
    });

    it('deletes', async () => {
      const extra = json(
        await cost(a, { ingredient_id: flour, unit: 'kg', quantity: 1, price: 9, effective_at: '2020-01-01' }),
      ).ingredient_cost;
      const res = await a.delete(`/v1/ingredient_costs/${extra.id}`);
      expect(json(res)).toEqual({ ingredient_cost: { id: extra.id, deleted: true } });
      expect((await a.get(`/v1/ingredient_costs/${extra.id}`)).statusCode).toBe(404);
      expect((await a.delete(`/v1/ingredient_costs/${extra.id}`)).statusCode).toBe(404);
      expect((await a.get('/v1/ingredient_costs/abc')).statusCode).toBe(404);
    });
  });

  describe('isolation', () => {
    it("B never sees or changes A's costs; B's cost on the same public ingredient is B's own", async () => {
      const { importPublicIngredients } = await import('../../src/services/ingredients/index.js');
      await importPublicIngredients(t.ctx, [
        { ...flourBody({ name: 'Public salt', description1: '1 cup', weight1: 200 }), usda_verified: true },
      ]);
      const salt = (await t.db.handle.db.selectFrom('ingredients').select('id').where('name', '=', 'Public salt').executeTakeFirstOrThrow())
        .id;
      const mine = json(
        await cost(a, { ingredient_id: salt, unit: 'kg', quantity: 1, price: 1, effective_at: '2026-01-01' }),
      ).ingredient_cost;
      // Same ingredient, same date: B's own entry, no clash with A's.
      const theirs = await cost(b, { ingredient_id: salt, unit: 'kg', quantity: 1, price: 5, effective_at: '2026-01-01' });
      expect(theirs.statusCode).toBe(201);
      expect(json(theirs).ingredient_cost.cost_per_gram).toBe(0.005);
      const bHistory = json(await b.get(`/v1/ingredients/${salt}/ingredient_costs`)).map((e: any) => e.ingredient_cost.price);
      const aHistory = json(await a.get(`/v1/ingredients/${salt}/ingredient_costs`)).map((e: any) => e.ingredient_cost.price);
      expect([aHistory, bHistory]).toEqual([[1], [5]]);
      expect(json(await b.get('/v1/ingredient_costs')).map((e: any) => e.ingredient_cost.ingredient_id)).toEqual([salt]);
      expect((await b.get(`/v1/ingredient_costs/${mine.id}`)).statusCode).toBe(404);
      expect((await b.put(`/v1/ingredient_costs/${mine.id}`, { price: 0 })).statusCode).toBe(404);
      expect((await b.delete(`/v1/ingredient_costs/${mine.id}`)).statusCode).toBe(404);
      const onPrivate = await cost(b, { ingredient_id: flour, unit: 'kg', quantity: 1, price: 1, effective_at: '2026-01-01' });
      expect(onPrivate.statusCode).toBe(422);
      expect(Object.keys(json(onPrivate).errors)).toEqual(['ingredient_id']);
      expect(json(await a.get(`/v1/ingredient_costs/${mine.id}`)).ingredient_cost).toEqual(mine);
    });
  });

  describe('recipe costs', () => {
    let cake: any;
    beforeAll(async () => {
      cake = json(
        await a.post('/v1/recipes', {
          recipe: { name: 'Cake', packages: 2, servings: 4, labor_cost: 5, overhead_cost: 1, packaging_cost: 0.5 },
        }),
      ).recipe;
      const add = (body: Record<string, unknown>) => a.post(`/v1/recipes/${cake.id}/recipe_ingredients`, { recipe_ingredient: body });
      expect((await add({ ingredient_id: flour, unit: 'gram', quantity: 500, waste: 10 })).statusCode).toBe(201);
      expect((await add({ ingredient_id: box, unit: 'box', quantity: 2 })).statusCode).toBe(201);
      expect((await add({ ingredient_id: baker, unit: 'minute', quantity: 30 })).statusCode).toBe(201);
    });

    // Flour on gross grams (500 g, waste included); 2 boxes at 0.30; 30 min at $15/h = 7.50;
    // packaging 0.60 + 0.50 x 2 packages; labor 7.50 + 5; overhead 1.
    it.each([
      [
        '2026-03-01',
        {
          ingredients: 1.25,
          packaging: 1.6,
          labor: 12.5,
          overhead: 1,
          batch: 16.35,
          per_package: 8.175,
          per_serving: 2.0438,
          missing_costs: [],
        },
      ],
      ['2026-07-01', { ingredients: 1.5, batch: 16.6, per_package: 8.3, per_serving: 2.075, missing_costs: [] }],
      ['2026-12-15', { ingredients: 2.5, batch: 17.6, per_package: 8.8, per_serving: 2.2, missing_costs: [] }],
      ['2025-12-31', { ingredients: 0, packaging: 1, labor: 5, overhead: 1, batch: 7, missing_costs: 'all' }],
    ])('prices the same recipe as of %s', async (date, expected) => {
      const res = await a.get(`/v1/recipes/${cake.id}?cost_date=${date}`);
      expect(res.statusCode).toBe(200);
      const costs = json(res).recipe.costs;
      const want = {
        ...expected,
        missing_costs: expected.missing_costs === 'all' ? [flour, box, baker].sort((x, y) => x - y) : expected.missing_costs,
      };
      expect(costs).toMatchObject({ ...want, cost_date: date, currency: 'USD' });
    });

    it('defaults to today, and shows costs on list rows and on writes', async () => {
      expect(json(await a.get(`/v1/recipes/${cake.id}`)).recipe.costs).toMatchObject({ batch: 16.6, cost_date: '2026-11-18' });
      const rows = json(await a.get('/v1/recipes?cost_date=2026-12-15')).map((e: any) => e.recipe);
      expect(rows.find((r: any) => r.id === cake.id).costs).toMatchObject({ batch: 17.6, cost_date: '2026-12-15' });
      const updated = json(await a.put(`/v1/recipes/${cake.id}`, { recipe: { overhead_cost: 2 } })).recipe;
      expect(updated.costs).toMatchObject({ overhead: 2, batch: 17.6 });
      await a.put(`/v1/recipes/${cake.id}`, { recipe: { overhead_cost: 1 } });
      expect((await a.get(`/v1/recipes/${cake.id}?cost_date=2026-02-30`)).statusCode).toBe(400);
    });

    it('scaling carries the costs over (batch x amount)', async () => {
      const scaled = json(await a.post(`/v1/recipes/${cake.id}/scale`, { scale_amount: 2 })).recipe;
      // flour 1000 g 3.00; boxes 4 x 0.30 + 0.50 x 4 packages; 60 min 15 + labor 10; overhead 2.
      expect(scaled.costs).toMatchObject({
        ingredients: 3,
        packaging: 3.2,
        labor: 25,
        overhead: 2,
        batch: 33.2,
        per_package: 8.3,
        per_serving: 2.075,
      });
    });

    it('a subrecipe two levels deep is priced live at its cost per gram of finished weight; it cannot have costs of its own', async () => {
      // Dough: 1000 g flour (3.00 today) + labor_cost 1 = 4.00 for 1000 g -> 0.004/g.
      const dough = json(
        await a.post('/v1/recipes/shortcut', {
          recipe: { name: 'Dough', labor_cost: 1, ingredient_ids: String(flour), ingredient_weights: '1000' },
        }),
      ).recipe;
      const doughIngredient = json(await a.post(`/v1/recipes/${dough.id}/create_subrecipe`)).ingredient;
      const refused = await cost(a, { ingredient_id: doughIngredient.id, unit: 'gram', quantity: 1, price: 1, effective_at: '2026-01-01' });
      expect(refused.statusCode).toBe(422);
      expect(json(refused).errors.ingredient_id[0]).toMatch(/subrecipe/);
      // Base: 500 g dough (flour 1.50, the dough's labor 0.50: each in its bucket, docs/api.md#costs) baked down to 400 g.
      const base = json(
        await a.post('/v1/recipes/shortcut', {
          recipe: { name: 'Base', package_yield_quantity: 400, ingredient_ids: String(doughIngredient.id), ingredient_weights: '500' },
        }),
      ).recipe;
      expect(base.costs).toMatchObject({ ingredients: 1.5, labor: 0.5, batch: 2 });
      const baseIngredient = json(await a.post(`/v1/recipes/${base.id}/create_subrecipe`)).ingredient;
      // Pie: 1 package of base (its 400 g finished: flour 1.50, labor 0.50) + 100 g flour 0.30; 2 servings.
      const pie = json(await a.post('/v1/recipes', { recipe: { name: 'Pie', servings: 2 } })).recipe;
      await a.post(`/v1/recipes/${pie.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: baseIngredient.id, unit: 'package', quantity: 1 },
      });
      await a.post(`/v1/recipes/${pie.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: flour, unit: 'gram', quantity: 100 },
      });
      expect(json(await a.get(`/v1/recipes/${pie.id}`)).recipe.costs).toMatchObject({
        ingredients: 1.8,
        labor: 0.5,
        batch: 2.3,
        per_serving: 1.15,
        missing_costs: [],
      });
      // Live: the dough's labor doubles -> dough 5.00/1000 g; base 2.50; pie 2.80.
      await a.put(`/v1/recipes/${dough.id}`, { labor_cost: 2 });
      expect(json(await a.get(`/v1/recipes/${pie.id}`)).recipe.costs).toMatchObject({
        ingredients: 1.8,
        labor: 1,
        batch: 2.8,
        per_serving: 1.4,
      });
      // Before any flour cost, the missing flour shows through both levels; the dough's labor still counts.
      expect(json(await a.get(`/v1/recipes/${pie.id}?cost_date=2025-01-01`)).recipe.costs).toMatchObject({
        ingredients: 0,
        labor: 1,
        missing_costs: [flour],
      });
    });

    it("B never sees A's prices in its own recipe using the public ingredient", async () => {
      const salt = (await t.db.handle.db.selectFrom('ingredients').select('id').where('name', '=', 'Public salt').executeTakeFirstOrThrow())
        .id;
      const mine = json(
        await b.post('/v1/recipes/shortcut', { recipe: { name: 'Brine', ingredient_ids: String(salt), ingredient_weights: '100' } }),
      ).recipe;
      expect(mine.costs).toMatchObject({ ingredients: 0.5, batch: 0.5, missing_costs: [] }); // B's 0.005/g, not A's 0.001
      const theirs = json(
        await a.post('/v1/recipes/shortcut', { recipe: { name: 'Brine A', ingredient_ids: String(salt), ingredient_weights: '100' } }),
      ).recipe;
      expect(theirs.costs).toMatchObject({ ingredients: 0.1 });
    });
  });
});
