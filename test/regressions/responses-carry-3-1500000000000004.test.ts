// Bug: responses carried binary noise as digits: `3.1500000000000004` in a recipe's nutrition, per-100 g
// values like `33.333333333333336`, line weights like `0.30000000000000004`. Numbers in responses and
// exports now carry at most 10 significant digits (docs/api.md#responses), and an export read back by an
// import is still all unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

/** The numbers of a JSON text, as written, that have more than 10 significant digits. */
function longNumbers(text: string): string[] {
  const numbers = text.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi) ?? [];
  return numbers.filter((n) => {
    const [mantissa = ''] = n.replace('-', '').toLowerCase().split('e');
    const digits = mantissa.replace('.', '').replace(/^0+/, '');
    // Integers (ids) print as they are; a fraction's trailing zeros do not count.
    return mantissa.includes('.') && digits.replace(/0+$/, '').length > 10;
  });
}

/** The numbers of a CSV text with more than 10 significant digits. */
const longCells = (csv: string) => longNumbers(csv.replace(/[",\r\n]+/g, ' '));

describe.each(databaseKinds())('numbers in responses and exports on %s', (kind) => {
  let t: TestApp;
  let recipe: number;
  let egg: number;
  let line: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = t.client();
    // Nutrients per 100 g as a client computed them (thirds, with their binary noise), stored as sent.
    egg = json(
      await a.post(
        '/v1/ingredients',
        flourBody({
          name: 'Egg',
          description1: '1 large egg',
          weight1: 3,
          nutrient_basis: 'per_100g',
          calories: 100 / 3,
          protein: 10 / 3,
          fat: 20 / 3,
        }),
      ),
    ).ingredient.id;
    const flour = json(await a.post('/v1/ingredients', flourBody({ name: 'Flour', weight1: 7, calories: 1.05 }))).ingredient.id;
    recipe = json(await a.post('/v1/recipes', { name: 'Cookies', servings: 3, packages: 7 })).recipe.id;
    line = json(await a.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: egg, quantity: 0.1 })).recipe_ingredient.id;
    await a.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: flour, quantity: 0.2, waste: 3.3 });
    await a.put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { quantity: 0.7 });
    await a.post('/v1/ingredient_costs', { ingredient_id: egg, unit: '1 large egg', quantity: 3, price: 1.05, effective_at: '2026-01-01' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the stored values do carry the noise (the test is not vacuous)', async () => {
    const stored = await t.ctx.database.db.selectFrom('ingredients').select('nutrients').where('id', '=', egg).executeTakeFirstOrThrow();
    expect(String(stored.nutrients)).toMatch(/33\.33333333333333/);
  });

  it.each([
    ['the recipe', () => `/v1/recipes/${recipe}`],
    ['the recipe list', () => '/v1/recipes'],
    ['the lines', () => `/v1/recipes/${recipe}/recipe_ingredients`],
    ['a line', () => `/v1/recipes/${recipe}/recipe_ingredients/${line}`],
    ['the ingredient', () => `/v1/ingredients/${egg}`],
    ['the ingredient list', () => '/v1/ingredients'],
    ['the costs', () => '/v1/ingredient_costs'],
    ['the revisions', () => `/v1/recipes/${recipe}/revisions`],
    ['the label', () => `/v1/recipes/${recipe}/label`],
    ['a revision diff', () => `/v1/recipes/${recipe}/revisions/diff?from=1&to=4`],
  ])('%s prints at most 10 significant digits', async (_name, url) => {
    const res = await t.client().get(url());
    expect(res.statusCode).toBe(200);
    expect(longNumbers(res.body)).toEqual([]);
  });

  it('a replacement dry run prints at most 10 significant digits', async () => {
    const other = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Egg 2', description1: '1 large egg', weight1: 3.3 })))
      .ingredient.id;
    const res = await t.client().post(`/v1/ingredients/${egg}/replace`, { replacement_id: other });
    expect(res.statusCode).toBe(200);
    expect(json(res).ingredient_replacement.recipes[0].lines[0].total_grams).toBe(2.31);
    expect(longNumbers(res.body)).toEqual([]);
  });

  it('the recipe nutrition is the stored sum, printed', async () => {
    const body = json(await t.client().get(`/v1/recipes/${recipe}`)).recipe;
    expect(body.nutrition.calories).toBeCloseTo((0.7 * 1 + 0.2 * 1.05 * 0.967) / 21, 9);
    expect(json(await t.client().get(`/v1/ingredients/${egg}`)).ingredient.calories).toBe(33.33333333);
  });

  it.each(['ingredients', 'recipes', 'ingredient_costs'])(
    'the %s export prints at most 10 significant digits and reads back unchanged',
    async (sheet) => {
      const url = { ingredients: '/v1/ingredients.csv', recipes: '/v1/recipes.csv', ingredient_costs: '/v1/ingredient_costs.csv' }[sheet]!;
      const csv = (await t.client().get(url)).body;
      expect(longCells(csv)).toEqual([]);
      const report = json(await uploadSheet(t, csv, { kind: sheet, dryRun: true })).import;
      expect(report).toMatchObject({ created: 0, updated: 0, errors: [] });
      expect(report.unchanged).toBeGreaterThan(0);
    },
  );
});
