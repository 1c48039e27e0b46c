// Beef jerky, a sausage or a chicken pot pie had no row to name as its reference amount: FDA's 21 CFR
// 101.12(b) Table 2 has no meat or poultry group (those products are USDA FSIS's), and the US list had
// only an empty "Meat and poultry" placeholder. Its label made no claim and could only be given
// racc_grams by hand. Now the FSIS tables (9 CFR 317.312(b), 381.412(b) Table 2) are rows of the US
// list: jerky names `meat_dried` (30 g), a small reference amount, so "low sodium" is judged per 30 g and
// per 50 g (21 CFR 101.61(b)(4), 101.13(l)). docs/labeling.md#us-claims.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('beef jerky on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the FSIS row for dried meat, and its claims are judged per 30 g and per 50 g', async () => {
    const c = t.client();
    const jerky = json(
      await c.post(
        '/v1/ingredients',
        flourBody({ name: 'Beef jerky', description1: '1 piece', weight1: 28, sodium: 80, fat: 1, fat_saturated: 0.4 }),
      ),
    ).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Beef jerky', servings: 10, suggested_serving: '1 piece' } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: jerky.id, total_grams: 280 } });

    const all: any[] = [];
    for (let page = 1; ; page++) {
      const items = json(await c.get(`/v1/reference_amounts?country=US&per_page=20&page=${page}`));
      all.push(...items.map((item: any) => item.reference_amount));
      if (items.length < 20) break;
    }
    expect(all.find((row: any) => row.key === 'meat_dried')).toMatchObject({ group: 'Meat products (USDA FSIS)', amount: 30, unit: 'g' });

    const set = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { racc_category: 'meat_dried' } });
    expect(set.statusCode, set.body).toBe(200);
    const label = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(label.warnings.map((w: any) => w.code)).not.toContain('reference_amount_missing');
    // 80 mg per 28 g: 85.7 mg per its 30 g reference amount, but 142.9 mg per 50 g: not low sodium.
    expect(label.claims.join(' ')).not.toMatch(/sodium/i);

    // Half the sodium (71.4 mg per 50 g) is low sodium per 30 g and per 50 g.
    await c.put(`/v1/ingredients/${jerky.id}`, { sodium: 40 });
    const low = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(low.claims).toContain('Beef jerky, a low sodium food');
  });
});
