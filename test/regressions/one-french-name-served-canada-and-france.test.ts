// One French name served fr-CA and fr-FR (canola oil is "huile de canola" in Canada, "huile de colza" in
// France), one Spanish name es-MX and es-ES. Names and ingredient lists may now be set per locale
// ("fr-CA", "es-MX", ...), falling back to the language's ("fr"), then to English (a missing_translation);
// through the API, spreadsheets and the statements. A locale that is not a label's is a 422 naming the
// field, nothing written. Also: a recipe keeps its French household measure (label_settings.household_serving_fr).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

const runsText = (runs: Array<{ text: string }>) => runs.map((r) => r.text).join('');

describe.each(databaseKinds())('names by locale on %s', (kind) => {
  let t: TestApp;
  let recipeId: number;
  let oilId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const c = t.client();
    const oil = await c.post(
      '/v1/ingredients',
      flourBody({
        name: 'Canola oil',
        names: {
          'fr-CA': 'Huile de canola',
          'fr-FR': 'Huile de colza',
          'es-MX': 'Aceite de canola',
          'es-ES': 'Aceite de colza',
          de: 'Rapsöl',
        },
        allergens: {},
      }),
    );
    expect(oil.statusCode, oil.body).toBe(201);
    oilId = json(oil).ingredient.id;
    const flour = json(
      await c.post('/v1/ingredients', flourBody({ name: 'Flour', name_fr: 'Farine', names: { es: 'Harina', de: 'Mehl' }, allergens: {} })),
    ).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Loaf', servings: 8 } })).recipe;
    recipeId = recipe.id;
    for (const [id, grams] of [
      [flour.id, 500],
      [oilId, 30],
    ]) {
      await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: id, total_grams: grams } });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the locale names beside the language ones', async () => {
    const oil = json(await t.client().get(`/v1/ingredients/${oilId}`)).ingredient;
    expect(oil.names).toMatchObject({ 'fr-CA': 'Huile de canola', 'fr-FR': 'Huile de colza', 'es-MX': 'Aceite de canola', de: 'Rapsöl' });
  });

  it.each([
    ['fr-CA', 'Farine, Huile de canola'],
    ['fr-FR', 'Farine, Huile de colza'],
    ['es-MX', 'Harina, Aceite de canola'],
    ['es-ES', 'Harina, Aceite de colza'],
  ])('%s prints its own words, the language\'s where the locale has none: "%s"', async (language, list) => {
    const label = json(await t.client().get(`/v1/recipes/${recipeId}/label?language=${language}`)).label;
    const printed = label.ingredient_statement_runs ? runsText(label.ingredient_statement_runs) : label.ingredient_statement;
    expect(printed).toContain(list);
    expect(label.warnings.map((w: any) => w.code)).not.toContain('missing_translation');
  });

  it.each([
    [{ names: { 'fr-ca': 'Huile' } }, 'names.fr-ca'],
    [{ names: { 'pt-BR': 'Óleo' } }, 'names.pt-BR'],
    [{ ingredient_lists: { 'es-MX': 12 } }, 'ingredient_lists.es-MX'],
  ])('%o is a 422 naming %s, and nothing is written', async (body, field) => {
    const c = t.client();
    const res = await c.put(`/v1/ingredients/${oilId}`, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(json(res).errors)).toContain(field);
    expect(json(await c.get(`/v1/ingredients/${oilId}`)).ingredient.names['fr-CA']).toBe('Huile de canola');
  });

  it('spreadsheets write a column per locale and read it back unchanged', async () => {
    const c = t.client();
    const exported = await c.get('/v1/ingredients.csv');
    const [header] = exported.body.split(/\r?\n/);
    expect(header?.split(',')).toEqual(expect.arrayContaining(['name_fr_ca', 'name_fr_fr', 'name_es_mx', 'ingredient_list_es_es']));
    const again = json(await uploadSheet(t, exported.body, { kind: 'ingredients', dryRun: true })).import;
    expect(again.errors).toEqual([]);
    expect(again.updated).toBe(0);
  });

  it('keeps the French household measure of the serving (label_settings.household_serving_fr); 422 for one that is not text', async () => {
    const c = t.client();
    const set = await c.put(`/v1/recipes/${recipeId}`, { label_settings: { household_serving_fr: '1 tranche' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(json(set).recipe.label_settings.household_serving_fr).toBe('1 tranche');
    const bad = await c.put(`/v1/recipes/${recipeId}`, { label_settings: { household_serving_fr: ['1 tranche'] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors)).toEqual(['label_settings.household_serving_fr']);
    expect(json(await c.get(`/v1/recipes/${recipeId}`)).recipe.label_settings.household_serving_fr).toBe('1 tranche');
  });
});
