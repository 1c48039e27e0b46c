// A 31 g cookie with 100 mg sodium was labelled "Low Sodium": no reference amount was set, so the serving
// stood in for it. 161 mg per 50 g is not low sodium for a food whose RACC is 30 g (21 CFR 101.61(b)(4)
// with 101.13(l)). Now no claim is made without a reference amount (warning reference_amount_missing),
// and a small RACC is also judged per 50 g.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('the 31 g cookie with 100 mg sodium on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is never "Low Sodium": no claim without a reference amount, none on its 30 g RACC', async () => {
    const c = t.client();
    const cookie = json(
      await c.post('/v1/ingredients', flourBody({ name: 'Cookie dough', description1: '1 cookie', weight1: 31, sodium: 100, fat: 7 })),
    ).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Cookies', servings: 24, suggested_serving: '1 cookie' } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: cookie.id, total_grams: 31 * 24 } });

    const bare = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(bare.serving_size.grams).toBe(31);
    expect(bare.claims).toEqual([]);
    expect(bare.warnings.map((w: any) => w.code)).toContain('reference_amount_missing');

    const set = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { racc_category: 'cookies' } });
    expect(set.statusCode, set.body).toBe(200);
    const label = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(label.claims.join(' ')).not.toMatch(/sodium/i);
    expect(label.warnings.map((w: any) => w.code)).not.toContain('reference_amount_missing');

    // The same cookie's sodium halved (80.6 mg per 50 g) is low sodium per RACC and per 50 g.
    await c.put(`/v1/ingredients/${cookie.id}`, { sodium: 50 });
    const low = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(low.claims).toContain('Cookies, a low sodium food');
  });

  it('an unknown category, or one with no fixed amount, is a 422 naming the field, and nothing is written', async () => {
    const c = t.client();
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Pie', servings: 8 } })).recipe;
    for (const [settings, field] of [
      [{ racc_category: 'cookiez' }, 'label_settings.racc_category'],
      [{ racc_category: 'pie_crust_pastry_sheets' }, 'label_settings.racc_category'],
      [{ racc_category: 12 }, 'label_settings.racc_category'],
      [{ reference_amount_category: 'cookies' }, 'label_settings.reference_amount_category'],
      [{ specially_processed: ['sodium', 'protein'] }, 'label_settings.specially_processed'],
    ] as const) {
      const res = await c.put(`/v1/recipes/${recipe.id}`, { label_settings: settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(422);
      expect(Object.keys(json(res).errors), JSON.stringify(settings)).toContain(field);
    }
    expect(json(await c.get(`/v1/recipes/${recipe.id}`)).recipe.label_settings).toEqual(recipe.label_settings);
  });
});
