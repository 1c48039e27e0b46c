// Spreadsheets as people keep them (docs/api.md#spreadsheet-imports), over HTTP, on each database: a bakery's price
// list with title-case headers, a Notes column, "$" prices and lower-case names imports as meant; one
// decimal mark per price column, refused rows named by row and column; names found in another case in
// the account's own ingredients and recipes and in the public library, ambiguity named by ids; and
// the kept reports documented in the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('spreadsheets as people keep them on %s', (kind) => {
  let t: TestApp;
  let api: Client;
  let snapshots: Snapshotter;
  let butter: number;
  let brownSugar: number;
  let libraryOats: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    api = t.client();
    snapshots = await databaseSnapshotter(t.db);
    butter = json(await api.post('/v1/ingredients', flourBody({ name: 'Butter' }))).ingredient.id;
    brownSugar = json(await api.post('/v1/ingredients', flourBody({ name: 'Brown Sugar', description1: '1 cup', weight1: 200 }))).ingredient
      .id;
    // A public library food: made through the API, then handed to the library (account_id null).
    libraryOats = json(await api.post('/v1/ingredients', flourBody({ name: 'Rolled Oats' }))).ingredient.id;
    await t.db.handle.db.updateTable('ingredients').set({ account_id: null }).where('id', '=', libraryOats).execute();
  });
  afterAll(async () => {
    await snapshots.close();
    await t.close();
  });

  const costsOf = async (ingredient: number) =>
    json(await api.get(`/v1/ingredients/${ingredient}/ingredient_costs`)).map((c: any) => c.ingredient_cost);

  it("a bakery's price list: Title Case headers, a Notes column, $ prices, lower-case names", async () => {
    const sheet = [
      'Ingredient Name,Supplier,Effective At,Quantity,Unit,Price,Notes',
      'butter,Dairy Co,2026-05-01,1,1 cup,"$1,152.50",case of 36',
      'brown sugar,Sweet Ltd,2026-05-01,2,1 cup,$3.25,',
      'rolled oats,Mill,2026-05-01,1,1 cup,$0.90,library oats',
    ].join('\r\n');
    const dry = json(await uploadSheet(t, sheet, { kind: 'ingredient_costs' })).import;
    expect(dry).toMatchObject({ status: 'checked', created: 3, errors: [] });
    expect(dry.warnings).toEqual([
      { row: 1, field: 'Notes', message: 'is not a column of ingredient_costs imports; its cells are ignored' },
    ]);
    const applied = json(await uploadSheet(t, sheet, { kind: 'ingredient_costs', dryRun: false })).import;
    expect(applied).toMatchObject({ status: 'applied', created: 3 });
    expect((await costsOf(butter))[0]).toMatchObject({ price: 1152.5, effective_at: '2026-05-01' });
    expect((await costsOf(brownSugar))[0]).toMatchObject({ price: 3.25, quantity: 2 });
    expect((await costsOf(libraryOats))[0]).toMatchObject({ price: 0.9 });
  });

  it.each([
    // [case, separator, Butter's price, another price in the column, what Butter's is read as]
    ['a quoted "1,152" in a ,-separated file (decimal point)', ',', '"1,152"', null, 1152],
    ['"1,152" in a ;-separated file (decimal comma)', ';', '1,152', null, 1.152],
    ['"1,152" in a ;-separated file whose column shows a point ("2.50")', ';', '1,152', '2.50', 1152],
    ['"1.152" in a ,-separated file (decimal point)', ',', '1.152', null, 1.152],
    ['"1.152" in a ,-separated file whose column shows a comma ("2,5")', ',', '1.152', '"2,5"', 1152],
  ] as const)('%s', async (_case, separator, price, other, value) => {
    const rows = [
      ['ingredient_name', 'effective_at', 'unit', 'quantity', 'price'],
      ['Butter', '2026-06-01', '1 cup', '1', price],
      ...(other ? [['Brown Sugar', '2026-06-01', '1 cup', '1', other]] : []),
    ];
    const res = await uploadSheet(t, rows.map((r) => r.join(separator)).join('\n'), { kind: 'ingredient_costs', dryRun: false });
    expect(json(res).import, res.body).toMatchObject({ status: 'applied', errors: [] });
    expect((await costsOf(butter)).find((c: any) => c.effective_at === '2026-06-01').price).toBe(value);
  });

  it('a price column written both ways, or in two currencies: each disagreeing row named, nothing written', async () => {
    const before = await snapshots.take();
    const sheet = [
      'ingredient_name,effective_at,unit,quantity,price',
      'Butter,2026-07-01,1 cup,1,"$2.50"',
      'Butter,2026-07-02,1 cup,1,"$1.152,50"',
      'Butter,2026-07-03,1 cup,1,€4',
      'Butter,2026-07-04,1 cup,1,about 3',
    ].join('\n');
    const res = await uploadSheet(t, sheet, { kind: 'ingredient_costs', dryRun: false });
    expect(res.statusCode).toBe(422);
    expect(json(res).import.errors).toEqual([
      {
        row: 3,
        field: 'price',
        message:
          '"$1.152,50" is written with a decimal comma but row 2 ("$2.50") with a decimal point: one column, one way of writing decimals',
      },
      { row: 4, field: 'price', message: 'is in € but row 2 is in $: one column, one currency' },
      { row: 5, field: 'price', message: expect.stringContaining('"about 3" is not an amount') },
    ]);
    expect(await snapshots.take()).toEqual(before);
  });

  it('recipes: "brown sugar" lines and a "BUTTER COOKIES" row updating "Butter cookies" without renaming it', async () => {
    const cookies = json(await api.post('/v1/recipes', { name: 'Butter cookies', servings: 24 })).recipe.id;
    const sheet =
      'Recipe Name,Servings,Ingredient Name,Total Grams,Labor Cost\nBUTTER COOKIES,24,butter,200,"$1,200"\n,,brown sugar,150,\n';
    const report = json(await uploadSheet(t, sheet, { kind: 'recipes', dryRun: false })).import;
    expect(report).toMatchObject({ status: 'applied', created: 0, updated: 1, errors: [] });
    expect(report.changes).toMatchObject([
      { row: 2, action: 'updated', id: cookies, name: 'Butter cookies', fields: ['labor_cost', 'lines'] },
    ]);
    // With the old and new values of what changed: the labor cost, and the two lines added (named as the ingredients are).
    expect(report.changes[0].values).toEqual({ labor_cost: { old: null, new: 1200 } });
    expect(report.changes[0].lines.map((l: any) => [l.ingredient_name, l.change])).toEqual([
      ['Butter', 'added'],
      ['Brown Sugar', 'added'],
    ]);
    expect(json(await api.get(`/v1/recipes/${cookies}`)).recipe).toMatchObject({ name: 'Butter cookies', labor_cost: 1200 });
    const lines = json(await api.get(`/v1/recipes/${cookies}/recipe_ingredients`)).recipe.recipe_ingredients;
    expect(lines.map((l: any) => l.recipe_ingredient.ingredient_id)).toEqual([butter, brownSugar]);
  });

  it('an exact name wins over another case; two recipes in another case: an error naming both ids', async () => {
    const exact = json(await api.post('/v1/ingredients', flourBody({ name: 'butter' }))).ingredient.id;
    const dry = json(
      await uploadSheet(t, 'ingredient_name,effective_at,unit,quantity,price\nbutter,2026-08-01,1 cup,1,1\n', { kind: 'ingredient_costs' }),
    ).import;
    expect(dry).toMatchObject({ status: 'checked', created: 1 });
    const applied = json(
      await uploadSheet(t, 'ingredient_name,effective_at,unit,quantity,price\nbutter,2026-08-01,1 cup,1,1\n', {
        kind: 'ingredient_costs',
        dryRun: false,
      }),
    ).import;
    expect((await costsOf(exact)).map((c: any) => c.id)).toEqual([applied.changes[0].id]);

    const pies = [
      json(await api.post('/v1/recipes', { name: 'Apple Pie' })).recipe.id,
      json(await api.post('/v1/recipes', { name: 'APPLE PIE' })).recipe.id,
    ];
    const res = await uploadSheet(t, 'recipe_name,servings\napple pie,8\n', { kind: 'recipes' });
    expect(res.statusCode).toBe(422);
    expect(json(res).import.errors).toEqual([
      {
        row: 2,
        field: 'recipe_name',
        message: `2 of this account's recipes are named "apple pie" in another case, none exactly (ids ${pies[0]} "Apple Pie", ${pies[1]} "APPLE PIE"); add an id column to say which`,
      },
    ]);
  });

  it('the OpenAPI document describes GET /v1/imports/{id} with an example, and the report fields', async () => {
    const doc = json(await api.get('/v1/openapi.json'));
    const operation = doc.paths['/v1/imports/{id}'].get;
    expect(operation.summary).toBeTruthy();
    expect(operation.description).toContain('404');
    const media = operation.responses['200'].content['application/json'];
    expect(media.example.import).toMatchObject({ warnings: [expect.objectContaining({ field: 'Notes' })], warnings_truncated: false });
    expect(Object.keys(media.schema.properties.import.properties)).toEqual(
      expect.arrayContaining(['created_at', 'warnings', 'warnings_total']),
    );
  });
});
