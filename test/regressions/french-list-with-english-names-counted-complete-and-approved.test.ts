// A French ingredient list that printed English names ("Ingrédients : All-purpose flour") counted as
// complete and could be approved. Canada wants both languages (FDR B.01.012(2)): a French statement
// that falls back to English makes the label incomplete, accept_missing does not accept it, and no
// approval (not even with accept_incomplete) is given until the French names are set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

// Every nutrient a Canadian table prints is known (flourBody's values are per its 125 g weight1).
const complete = (overrides: Record<string, unknown>) => flourBody({ vitamin_d_mcg: 0, potassium: 100, ...overrides });

describe.each(databaseKinds())('a French list with English names on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is incomplete, stays so under accept_missing, and cannot be approved until translated', async () => {
    const c = t.client();
    const flour = json(await c.post('/v1/ingredients', complete({ name: 'All-purpose flour' }))).ingredient;
    const recipe = json(
      await c.post('/v1/recipes', { recipe: { name: 'Bread', servings: 4, label_settings: { accept_missing: ['sodium'] } } }),
    ).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: flour.id, total_grams: 200 } });

    for (const query of ['?language=fr-CA', '?language=en-CA&format=ca_bilingual']) {
      const res = await c.get(`/v1/recipes/${recipe.id}/label${query}`);
      const label = json(res).label;
      expect(
        label.warnings.map((w: any) => w.code),
        query,
      ).toContain('missing_translation');
      expect(label.complete, query).toBe(false);
      expect(res.headers['x-label-complete'], query).toBe('false');
    }

    const approvalsBefore = json(await c.get(`/v1/recipes/${recipe.id}/label_approvals`));
    for (const body of [{ language: 'fr-CA' }, { language: 'fr-CA', accept_incomplete: true }]) {
      const res = await c.post(`/v1/recipes/${recipe.id}/label_approvals`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(json(res))).toContain('missing_translation');
    }
    expect(json(await c.get(`/v1/recipes/${recipe.id}/label_approvals`))).toEqual(approvalsBefore);

    // Named in French: complete, and approved.
    expect((await c.put(`/v1/ingredients/${flour.id}`, { name_fr: 'Farine tout usage' })).statusCode).toBe(200);
    const label = json(await c.get(`/v1/recipes/${recipe.id}/label?language=fr-CA`)).label;
    expect(label.ingredient_statement).toContain('Farine tout usage');
    expect(label.complete).toBe(true);
    expect((await c.post(`/v1/recipes/${recipe.id}/label_approvals`, { language: 'fr-CA' })).statusCode).toBe(201);
  });
});
