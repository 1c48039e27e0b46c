// GET /v1/reference_amounts through the real app (docs/api.md#reference-amounts): paging through
// a country's list gives every row of its table once, in order, each with its source (the US list:
// 21 CFR 101.12(b) Table 2, then FSIS's meat and poultry tables, then Table 1); a recipe can name a row
// of the added groups, and one with no fixed amount is a 422 that writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceAmounts } from '../../src/core/label/reference-amounts/index.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('GET /v1/reference_amounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['US', 'CA'] as const)('lists every row of the %s table once, in order, each with its source', async (country) => {
    const c = t.client();
    const listed: any[] = [];
    for (let page = 1; ; page++) {
      const res = await c.get(`/v1/reference_amounts?country=${country}&page=${page}&per_page=20`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(referenceAmounts(country).length));
      const items = json(res).map((item: any) => item.reference_amount);
      listed.push(...items);
      if (items.length < 20) break;
    }
    expect(listed).toEqual(referenceAmounts(country));
    for (const row of listed) expect(row.source, row.key).toBeTruthy();
    if (country === 'US') {
      const groups = [...new Set(listed.map((row) => row.group))];
      expect(groups.slice(0, 1)).toEqual(['Bakery products']);
      expect(groups.slice(-3)).toEqual([
        'Meat products (USDA FSIS)',
        'Poultry products (USDA FSIS)',
        'Foods for infants and young children 1 through 3 years of age',
      ]);
      const bacon = listed.find((row) => row.key === 'meat_bacon_ready_to_cook');
      expect(bacon).toMatchObject({ group: 'Meat products (USDA FSIS)', amount: 54, unit: 'g' });
      expect(bacon.source).toMatch(/^9 CFR 317\.312\(b\) Table 2/);
      const strips = listed.find((row) => row.key === 'poultry_breakfast_strips_ready_to_cook');
      expect(strips).toMatchObject({ group: 'Poultry products (USDA FSIS)', amount: 18, unit: 'g' });
      expect(strips.source).toMatch(/^9 CFR 381\.412\(b\) Table 2/);
    }
  });

  it('lets a recipe name a meat or poultry row of FSIS, and refuses the seasoning mixes with no fixed amount', async () => {
    const c = t.client();
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Beef stew', servings: 4 } })).recipe;
    const set = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { racc_category: 'meat_mixed_dishes_measurable_with_cup' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(json(set).recipe.label_settings.racc_category).toBe('meat_mixed_dishes_measurable_with_cup');

    const refused = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { racc_category: 'poultry_seasoning_mixes' } });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).errors['label_settings.racc_category'].join(' ')).toMatch(/no fixed reference amount.*racc_grams/);
    expect(json(await c.get(`/v1/recipes/${recipe.id}`)).recipe.label_settings.racc_category).toBe('meat_mixed_dishes_measurable_with_cup');
  });

  it('lets a recipe name a row of the added groups, and refuses one with no fixed amount', async () => {
    const c = t.client();
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Yogurt', servings: 4 } })).recipe;
    const set = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { racc_category: 'yogurt' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(json(set).recipe.label_settings.racc_category).toBe('yogurt');

    const refused = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { racc_category: 'soup_dry_mixes_bouillon' } });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).errors['label_settings.racc_category'].join(' ')).toMatch(/no fixed reference amount.*racc_grams/);
    expect(json(await c.get(`/v1/recipes/${recipe.id}`)).recipe.label_settings.racc_category).toBe('yogurt');
  });
});
