// Regression: a spreadsheet as people keep it was refused whole: headers typed as titles ("Ingredient
// Name", "Total Grams", "Effective At") and an extra "Notes" column were each an error on row 1, so
// nothing of the file could be imported. Headers now match the API's field names case-insensitively
// and with spaces for underscores, and a column that is no field is ignored and named in `warnings`
// (docs/api.md#import-columns).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('title-case headers and a Notes column on %s', (kind) => {
  let t: TestApp;
  let flour: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    flour = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
  });
  afterAll(() => t.close());

  it('a recipe sheet with "Recipe Name", "Ingredient Name", "Total Grams" and "Notes": applied, Notes named in the warnings', async () => {
    const sheet = 'Recipe Name,Ingredient Name,Total  Grams,Notes,\nLoaf,Flour,500,from the mill on Tuesday,\n';
    const res = await uploadSheet(t, sheet, { kind: 'recipes', dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    const report = json(res).import;
    expect(report).toMatchObject({ status: 'applied', created: 1, errors: [], warnings_truncated: false });
    // The empty column at the end holds nothing: no warning for it.
    expect(report.warnings).toEqual([{ row: 1, field: 'Notes', message: 'is not a column of recipes imports; its cells are ignored' }]);
    const lines = json(await t.client().get(`/v1/recipes/${report.changes[0].id}/recipe_ingredients`)).recipe.recipe_ingredients;
    expect(lines.map((l: any) => [l.recipe_ingredient.ingredient_id, l.recipe_ingredient.total_grams])).toEqual([[flour, 500]]);
  });

  it('a cost sheet with "INGREDIENT_NAME", "Effective At" and a nameless column holding text: applied, both columns warned of', async () => {
    const sheet = 'INGREDIENT_NAME,Effective At,Unit,Quantity,Price,\nFlour,2026-01-01,1 kg,1,2.40,ask for the blue bags\n';
    const report = json(await uploadSheet(t, sheet, { kind: 'ingredient_costs', dryRun: false })).import;
    expect(report).toMatchObject({ status: 'applied', created: 1, errors: [] });
    expect(report.warnings).toEqual([{ row: 1, field: null, message: 'column 6 has no name in the header row; its cells are ignored' }]);
  });
});
