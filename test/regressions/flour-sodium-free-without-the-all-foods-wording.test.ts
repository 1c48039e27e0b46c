// Plain flour got "Sodium Free" as if this flour were special; every all-purpose flour is sodium free, so
// 21 CFR 101.13(e)(2) wants the claim to say so: "All-purpose flour, a sodium-free food". The plain
// wording stays for a nutrient label_settings.specially_processed names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())("plain flour's claims on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads "All-purpose flour, a sodium-free food" unless specially processed', async () => {
    const c = t.client();
    const flour = json(await c.post('/v1/ingredients', flourBody())).ingredient;
    const recipe = json(
      await c.post('/v1/recipes', {
        recipe: {
          name: 'All-purpose flour',
          servings: 10,
          suggested_serving: '1/4 cup',
          label_settings: { racc_category: 'flours_cornmeal' },
        },
      }),
    ).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: flour.id, total_grams: 300 } });

    const label = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(label.claims).toContain('All-purpose flour, a sodium-free food');
    expect(label.claims).not.toContain('Sodium Free');

    await c.put(`/v1/recipes/${recipe.id}`, { label_settings: { specially_processed: ['sodium'] } });
    const processed = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(processed.claims).toContain('Sodium Free');
    expect(processed.claims).toContain('All-purpose flour, a fat-free food');
  });
});
