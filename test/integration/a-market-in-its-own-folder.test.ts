// docs/markets.md, followed: a market is one folder and one registration. Testland (test/markets/testland:
// one language, en-XT, and one format, xt_panel) touches no file outside its folder; registered here, it
// labels a recipe through the real app (the label data and its SVG, drawn by its own layout), checks its
// language and format like any market's, and is in the OpenAPI enums. Taken away, it is gone again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelLanguages, registerMarket } from '../../src/core/label/markets.js';
import { TESTLAND_MARKET } from '../markets/testland/market.js';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

async function recipeOf(c: Client, name: string, body: Record<string, unknown>, unknown: string[] = []): Promise<any> {
  const made = await c.post('/v1/ingredients', flourBody({ name, description1: '100 gram', weight1: 100, ...body }));
  expect(made.statusCode, made.body).toBe(201);
  const ingredient = json(made).ingredient;
  if (unknown.length > 0) {
    const put = await c.put(`/v1/ingredients/${ingredient.id}`, Object.fromEntries(unknown.map((k) => [k, null])));
    expect(put.statusCode, put.body).toBe(200);
  }
  const res = await c.post('/v1/recipes', { recipe: { name: `${name} bars`, servings: 4 } });
  expect(res.statusCode, res.body).toBe(201);
  const recipe = json(res).recipe;
  const line = await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
    recipe_ingredient: { ingredient_id: ingredient.id, total_grams: 200 },
  });
  expect(line.statusCode, line.body).toBe(201);
  return recipe;
}

describe.each(databaseKinds())('a market in its own folder, registered by a test, on %s', (kind) => {
  let unregister: (() => void) | undefined;
  let t: TestApp;
  let c: Client;
  let bar: any;
  let unknownSalt: any;
  beforeAll(async () => {
    unregister = registerMarket(TESTLAND_MARKET);
    t = await createTestApp(kind);
    c = t.client();
    // Per 100 g: 450 kcal, fat 20 g, sugars 30 g, sodium 400 mg (salt 1.0 g); 50 g servings.
    bar = await recipeOf(c, 'Oat mix', { calories: 450, fat: 20, sugar: 30, sodium: 400 });
    unknownSalt = await recipeOf(c, 'Mystery mix', { calories: 300 }, ['sodium']);
  });
  afterAll(async () => {
    await t?.close();
    unregister?.();
  });

  it('labels a recipe in its language: its title, rows, rounding and statement heading', async () => {
    const res = await c.get(`/v1/recipes/${bar.id}/label?language=en-XT`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-label-complete']).toBe('true');
    const label = json(res).label;
    expect(label).toMatchObject({
      language: 'en-XT',
      format: 'xt_panel',
      title: 'FOOD FACTS',
      serving_size: { grams: 50, display: 'Per serving (50 g)' },
      ingredient_statement: 'Contents: Oat mix',
      complete: true,
      warnings: [],
    });
    expect(label.nutrients.map((r: any) => [r.key, r.display])).toEqual([
      ['calories', '225 kcal'],
      ['fat', '10.0 g'],
      ['sugar', '15.0 g'],
      ['salt', '0.5 g'],
    ]);
  });

  it('draws it as SVG with its own layout', async () => {
    const res = await c.get(`/v1/recipes/${bar.id}/label.svg?language=en-XT&format=xt_panel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('aria-label="FOOD FACTS"');
    expect(res.body).toMatch(/<g data-key="salt">.*>Salt<\/text>.*>0\.5 g<\/text><\/g>/);
    expect(res.body).toContain('>Contents:</text>');
    expect(res.body).not.toContain('NOT FOR PRINT');
  });

  it('an unknown value keeps its label from print, and the SVG carries the band in its language', async () => {
    const res = await c.get(`/v1/recipes/${unknownSalt.id}/label.svg?language=en-XT`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-label-complete']).toBe('false');
    // en-XT is English: the shared English words (src/core/label/shared/languages.ts).
    expect(res.body).toContain('INCOMPLETE DATA - NOT FOR PRINT');
    const label = json(await c.get(`/v1/recipes/${unknownSalt.id}/label?language=en-XT`)).label;
    expect(label.warnings).toEqual([expect.objectContaining({ code: 'missing_nutrient', nutrient: 'sodium', accepted: false })]);
  });

  it("its format goes with its language only: another market's format in the query is a 400 naming both sides", async () => {
    const res = await c.get(`/v1/recipes/${bar.id}/label?language=en-XT&format=fda_vertical`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('fda_vertical belongs to en-US, not en-XT');
    const other = await c.get(`/v1/recipes/${bar.id}/label?language=en-US&format=xt_panel`);
    expect(other.statusCode, other.body).toBe(400);
    expect(other.body).toContain('xt_panel belongs to en-XT');
    // The format alone names its language.
    expect(json(await c.get(`/v1/recipes/${bar.id}/label?format=xt_panel`)).label.language).toBe('en-XT');
  });

  it("the recipe's statements and saved settings know its language", async () => {
    const recipe = json(await c.get(`/v1/recipes/${bar.id}`)).recipe;
    expect(recipe.ingredient_statements['en-XT']).toBe('Oat mix');
    const put = await c.put(`/v1/recipes/${bar.id}`, { recipe: { label_settings: { language: 'en-XT', format: 'xt_panel' } } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(await c.get(`/v1/recipes/${bar.id}/label`)).label.format).toBe('xt_panel');
  });

  it('is in the OpenAPI enums of label languages and formats, with its formats said by language', async () => {
    const openapi = json(await t.app.inject({ method: 'GET', url: '/v1/openapi.json' }));
    const parameter = (name: string) =>
      openapi.paths['/v1/recipes/{id}/label'].get.parameters.find((p: any) => p.in === 'query' && p.name === name);
    expect(parameter('language').schema.enum).toContain('en-XT');
    expect(parameter('format').schema.enum).toContain('xt_panel');
    expect(parameter('format').description).toContain('ca_standard, ca_bilingual (en-CA, fr-CA)');
    expect(parameter('format').description).toContain('xt_panel (en-XT)');
  });

  it('taken away, its language is unknown again', async () => {
    unregister?.();
    expect(labelLanguages()).not.toContain('en-XT');
    const res = await c.get(`/v1/recipes/${bar.id}/label?language=en-XT`);
    expect(res.statusCode, res.body).toBe(400);
  });
});
