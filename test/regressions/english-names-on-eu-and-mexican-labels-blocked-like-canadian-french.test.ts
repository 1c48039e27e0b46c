// An EU or Mexican label whose statement fell back to English names was held back like a Canadian one:
// incomplete (the "not for print" band) and refused on approval with a message about French names.
// Only Canada requires both languages (FDR B.01.012(2)); on the EU/UK and Mexican labels the fallback is
// a missing_translation warning that informs (docs/api.md#trust-and-completeness, docs/api.md#label-languages). The Canadian rule stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('English names on EU and Mexican labels on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  let recipe: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    // Every nutrient a Canadian table prints is known (flourBody's values are per its 125 g weight1).
    const flour = json(await c.post('/v1/ingredients', flourBody({ name: 'Rye flour', vitamin_d_mcg: 0, potassium: 100 }))).ingredient;
    recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Rye crisp', servings: 4 } })).recipe;
    const line = await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
      recipe_ingredient: { ingredient_id: flour.id, total_grams: 200 },
    });
    expect(line.statusCode, line.body).toBe(201);
  });
  afterAll(async () => t?.close());

  it.each([
    ['de-DE', 'eu_table', 'German'],
    ['it-IT', 'eu_linear', 'Italian'],
    ['es-MX', 'mx_table', 'Spanish'],
  ])('%s %s: the fallback is named, the label is complete, its files carry no band, and it is approved', async (language, format, name) => {
    const res = await c.get(`/v1/recipes/${recipe.id}/label?language=${language}&format=${format}`);
    expect(res.statusCode, res.body).toBe(200);
    const label = json(res).label;
    const translation = label.warnings.filter((w: any) => w.code === 'missing_translation');
    expect(translation).toHaveLength(1);
    expect(translation[0].message).toContain(name);
    expect(translation[0].message).toContain('Rye flour');
    expect(label.complete).toBe(true);
    expect(res.headers['x-label-complete']).toBe('true');
    const svg = await c.get(`/v1/recipes/${recipe.id}/label.svg?language=${language}&format=${format}`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['x-label-complete']).toBe('true');
    const approval = await c.post(`/v1/recipes/${recipe.id}/label_approvals`, { language, format });
    expect(approval.statusCode, approval.body).toBe(201);
    expect(json(approval).label_approval).toMatchObject({ language, format });
    expect(json(approval).label_approval.label.warnings.map((w: any) => w.code)).toContain('missing_translation');
  });

  it('a Canadian French statement with the same English name is still incomplete and never approved', async () => {
    const res = await c.get(`/v1/recipes/${recipe.id}/label?language=fr-CA`);
    expect(json(res).label.complete).toBe(false);
    expect(res.headers['x-label-complete']).toBe('false');
    const before = json(await c.get(`/v1/recipes/${recipe.id}/label_approvals`));
    const refused = await c.post(`/v1/recipes/${recipe.id}/label_approvals`, { language: 'fr-CA', accept_incomplete: true });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(json(refused).message).toContain('French');
    expect(json(await c.get(`/v1/recipes/${recipe.id}/label_approvals`))).toEqual(before);
  });
});
