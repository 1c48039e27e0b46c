// Canada's table of reference amounts had one row (syrups), so every bakery product needed its grams typed
// by hand, and the "free of" tests and the front-of-pack thresholds stood on the serving. Now
// GET /v1/reference_amounts?country=CA lists the whole October 2024 table, a recipe names a row by its item
// number (cookies are A.10, 30 g), the label judges its claims on it, and a key the table does not have
// (or a row with no fixed amount) is a 422 naming label_settings.reference_amount_category, nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())("Canada's reference amounts for a bakery on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the cookie, bread and cake rows, with the "amount to make" rows and the serving wording of Columns 3A/3B', async () => {
    const c = t.client();
    const res = await c.get('/v1/reference_amounts?country=CA&per_page=100');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('238');
    const rows = json(res).map((item: any) => item.reference_amount);
    const byKey = new Map(rows.map((row: any) => [row.key, row]));
    expect(byKey.get('A.10')).toMatchObject({ item: 'A.10', amount: 30, unit: 'g', reference_amount_text: '30 g', amount_to_make: null });
    expect(byKey.get('A.10.2')).toMatchObject({ amount: null, amount_to_make: { amount: 30, unit: 'g' } });
    expect(byKey.get('A.1')).toMatchObject({ amount: 75, group: 'Bakery products and substitutes' });
    expect((byKey.get('A.1') as any).serving_size[0]).toEqual({
      criteria: 'Sliced bread',
      household: '2 slices',
      metric: 'the weight of the HM in grams',
      units: ['2 slices (# g)'],
    });
  });

  it('judges a cookie on its 30 g reference amount: no reference_amount_missing warning once A.10 is named', async () => {
    const c = t.client();
    const dough = json(
      await c.post('/v1/ingredients', flourBody({ name: 'Cookie dough', description1: '1 cookie', weight1: 40, sodium: 2 })),
    ).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Cookies', servings: 12, suggested_serving: '1 cookie' } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: dough.id, total_grams: 40 * 12 } });
    const before = json(await c.get(`/v1/recipes/${recipe.id}/label?language=en-CA`)).label;
    expect(before.warnings.map((w: any) => w.code)).toContain('reference_amount_missing');

    const set = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { reference_amount_category: 'A.10' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(json(set).recipe.label_settings.reference_amount_category).toBe('A.10');
    const after = json(await c.get(`/v1/recipes/${recipe.id}/label?language=en-CA`)).label;
    expect(after.warnings.map((w: any) => w.code)).not.toContain('reference_amount_missing');
  });

  it.each([['cookies'], ['A.99'], ['A.10.2'], [10]])(
    'refuses %o as label_settings.reference_amount_category: 422, nothing written',
    async (key) => {
      const c = t.client();
      const recipe = json(
        await c.post('/v1/recipes', { recipe: { name: 'Loaf', servings: 8, label_settings: { reference_amount_category: 'A.1' } } }),
      ).recipe;
      const res = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { reference_amount_category: key } });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(json(res).errors)).toEqual(['label_settings.reference_amount_category']);
      expect(json(await c.get(`/v1/recipes/${recipe.id}`)).recipe.label_settings.reference_amount_category).toBe('A.1');
    },
  );
});
