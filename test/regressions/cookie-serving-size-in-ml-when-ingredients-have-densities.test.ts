// A shortbread cookie whose ingredients all had volume units (so densities) printed
// "1 cookie (103mL)": the engine turned every recipe with known densities into a liquid. Grams for
// solids; mL only for a volume yield or label_settings.serving_unit "mL" (21 CFR 101.9(b)(7)).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('a cookie is weighed, not poured, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('"1 cookie (103g)"', async () => {
    const c = t.client();
    const flour = json(await c.post('/v1/ingredients', flourBody({ name: 'Flour', description1: '1 cup', weight1: 125 }))).ingredient;
    const butter = json(await c.post('/v1/ingredients', flourBody({ name: 'Butter', description1: '1 cup', weight1: 227 }))).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Shortbread', servings: 4, suggested_serving: '1 cookie' } })).recipe;
    for (const [ingredient_id, total_grams] of [
      [flour.id, 250],
      [butter.id, 162],
    ]) {
      await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id, total_grams } });
    }
    const label = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(label.serving_size.display).toBe('1 cookie (103g)');
    expect(json(await c.get(`/v1/recipes/${recipe.id}/label?language=fr-CA`)).label.serving_size.display).toBe('pour 1 biscuit (103 g)');
  });
});
