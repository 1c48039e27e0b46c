// A cookie made with a butter that has no calories, saturated fat or sodium values printed
// those nulls as zeros and claimed "Saturated Fat Free" and "Sodium Free". Unknown is not zero.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('null nutrients are unknown, not zero, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('no "Free" claim and an incomplete label while the butter\'s values are unknown', async () => {
    const c = t.client();
    const butter = json(
      await c.post(
        '/v1/ingredients',
        flourBody({
          name: 'Butter (no values)',
          fat: 81,
          fat_saturated: 0,
          sodium: 0,
          calories: 0,
          carbohydrate: 0,
          fiber: 0,
          sugar: 0,
          protein: 0,
        }),
      ),
    ).ingredient;
    expect((await c.put(`/v1/ingredients/${butter.id}`, { calories: null, fat_saturated: null, sodium: null })).statusCode).toBe(200);
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Cookie', servings: 20 } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: butter.id, total_grams: 10 } });
    const res = await c.get(`/v1/recipes/${recipe.id}/label`);
    const label = json(res).label;
    expect(label.claims).not.toContain('Sodium Free');
    expect(label.claims).not.toContain('Saturated Fat Free');
    expect(label.claims).not.toContain('Calorie Free');
    expect(label.complete).toBe(false);
    expect(res.headers['x-label-complete']).toBe('false');
    expect(Object.keys(json(await c.get(`/v1/recipes/${recipe.id}`)).recipe.missing_nutrients)).toEqual(
      expect.arrayContaining(['calories', 'fat_saturated', 'sodium']),
    );
  });
});
