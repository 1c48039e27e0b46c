// Spreadsheets in and out (docs/api.md#bulk-work) over HTTP, on each database: exports re-imported are all
// unchanged (CSV and XLSX, every kind); an edit of three cells is named by the dry run, which writes
// nothing, and applied exactly; costs keep their supplier.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

const KINDS = ['ingredients', 'recipes', 'ingredient_costs'] as const;

/** A CSV export as rows of cells (it has no quoted line breaks in these tests). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted && ch === '"' && line[i + 1] === '"') [cell, i] = [`${cell}"`, i + 1];
      else if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) [cells[cells.length], cell] = [cell, ''];
      else cell += ch;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

const toCsv = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');

describe.each(databaseKinds())('spreadsheets on %s', (kind) => {
  let t: TestApp;
  let a: Client;
  let snapshots: Snapshotter;
  let flour: number;
  let sugar: number;
  let recipe: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = t.client();
    snapshots = await databaseSnapshotter(t.db);
    flour = json(
      await a.post('/v1/ingredients', flourBody({ name: 'Flour', tag_list: 'dry, =SUM(A1)', allergens: { wheat: true }, brand: '+Mill' })),
    ).ingredient.id;
    sugar = json(await a.post('/v1/ingredients', flourBody({ name: 'Sugar', description1: '1 cup', weight1: 200, calories: 774 })))
      .ingredient.id;
    await a.post('/v1/ingredients', { name: 'Box', food: false, non_food: 'packaging', description1: '1 box', weight1: 10 });
    recipe = json(
      await a.post('/v1/recipes', { name: 'Bread', sku: 'B-1', servings: 8, tags: ['loaf'], label_settings: { format: 'fda_tabular' } }),
    ).recipe.id;
    await a.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: flour, unit: 'cup', quantity: 2.5, waste: 5 });
    await a.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: sugar, unit: '1 gram', quantity: 20 });
    await a.post('/v1/recipes', { name: 'Empty plan' });
    // Costs with a supplier come in through an import (the API's cost fields have no supplier).
    const costs = await uploadSheet(
      t,
      'ingredient_name,supplier,effective_at,unit,quantity,price\nFlour,Mill & Co,2026-01-01,1 kg,1,2.4\nSugar,,2026-02-01,1 cup,2,1.5\n',
      { kind: 'ingredient_costs', dryRun: false },
    );
    expect(json(costs).import).toMatchObject({ status: 'applied', created: 2 });
  });
  afterAll(async () => {
    await snapshots.close();
    await t.close();
  });

  it.each(KINDS.flatMap((k) => (['csv', 'xlsx'] as const).map((f) => [k, f] as const)))(
    'an export of %s as %s re-imports all unchanged',
    async (sheetKind, format) => {
      const before = await snapshots.take();
      const exported = await a.get(`/v1/${sheetKind}.${format}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain(`${sheetKind}-2026-11-18.${format}`);
      for (const dryRun of [true, false]) {
        const res = await uploadSheet(t, exported.rawPayload, { kind: sheetKind, filename: `x.${format}`, dryRun });
        expect(res.statusCode, res.body).toBe(200);
        const report = json(res).import;
        expect(report).toMatchObject({
          kind: sheetKind,
          dry_run: dryRun,
          status: dryRun ? 'checked' : 'applied',
          created: 0,
          updated: 0,
          errors: [],
          changes: [],
        });
        expect(report.unchanged).toBeGreaterThanOrEqual(2);
      }
      expect(await snapshots.take()).toEqual(before);
    },
  );

  it('escapes text a spreadsheet would run as a formula, and reads it back as the same text', async () => {
    const rows = csvRows((await a.get('/v1/ingredients.csv')).body);
    const header = rows[0]!;
    const flourRow = rows.find((r) => r[header.indexOf('name')] === 'Flour')!;
    expect(flourRow[header.indexOf('brand')]).toBe("'+Mill");
    expect(flourRow[header.indexOf('tag_list')]).toBe("'=SUM(A1), dry");
    expect(json(await a.get(`/v1/ingredients/${flour}`)).ingredient).toMatchObject({
      brand: '+Mill',
      tags: [{ name: '=SUM(A1)' }, { name: 'dry' }],
    });
  });

  it('names the three edited cells in a dry run that writes nothing, then applies exactly those', async () => {
    const rows = csvRows((await a.get('/v1/ingredients.csv')).body);
    const header = rows[0]!;
    const cell = (name: string, column: string) => {
      const row = rows.find((r) => r[header.indexOf('name')] === name)!;
      return {
        get: () => row[header.indexOf(column)]!,
        set: (v: string) => {
          row[header.indexOf(column)] = v;
        },
      };
    };
    cell('Flour', 'sodium').set('3.5');
    cell('Sugar', 'brand').set('Cane Co');
    cell('Box', 'tag_list').set('shipping');
    const before = await snapshots.take();
    const readAll = async () => json(await a.get('/v1/ingredients?per_page=20&sort_field=name&sort_direction=asc'));
    const listed = await readAll();

    const dry = json(await uploadSheet(t, toCsv(rows), { kind: 'ingredients' })).import;
    expect(dry).toMatchObject({ status: 'checked', created: 0, updated: 3, unchanged: 0, errors: [] });
    expect(dry.changes.map((c: any) => [c.name, c.fields])).toEqual([
      ['Flour', ['sodium']],
      ['Sugar', ['brand']],
      ['Box', ['tag_list']],
    ]);
    expect(await snapshots.take()).toEqual(before);

    const applied = json(await uploadSheet(t, toCsv(rows), { kind: 'ingredients', dryRun: false })).import;
    expect(applied).toMatchObject({ status: 'applied', updated: 3, changes: dry.changes });
    const after = await readAll();
    const byName = (list: any[]) => Object.fromEntries(list.map((e: any) => [e.ingredient.name, e.ingredient]));
    const [was, now] = [byName(listed), byName(after)];
    expect(now.Flour.sodium).toBe(3.5);
    expect(now.Sugar.brand).toBe('Cane Co');
    expect(now.Box.tags).toEqual([{ name: 'shipping' }]);
    // Nothing else changed (updated_at aside).
    const strip = (i: any, ...fields: string[]) =>
      Object.fromEntries(Object.entries(i).filter(([k]) => !['updated_at', ...fields].includes(k)));
    expect(strip(now.Flour, 'sodium')).toEqual(strip(was.Flour, 'sodium'));
    expect(strip(now.Sugar, 'brand')).toEqual(strip(was.Sugar, 'brand'));
    expect(strip(now.Box, 'tags')).toEqual(strip(was.Box, 'tags'));
    expect(Object.keys(after)).toHaveLength(Object.keys(listed).length);
  });

  it('updates a recipe matched by sku, replacing its lines, and creates one with lines by ingredient name', async () => {
    const sheet = [
      'sku,recipe_name,servings,ingredient_name,unit,quantity,waste',
      'B-1,Bread,10,Flour,cup,3,5',
      ',,,Sugar,1 gram,20,0',
      ',Cake,4,Sugar,cup,1,',
      ',,,Flour,cup,1,',
    ].join('\n');
    const dry = json(await uploadSheet(t, sheet, { kind: 'recipes' })).import;
    expect(dry).toMatchObject({ status: 'checked', created: 1, updated: 1, errors: [] });
    expect(dry.changes[0]).toMatchObject({ row: 2, action: 'updated', id: recipe, name: 'Bread', fields: ['servings', 'lines'] });
    // The old and new values: servings, and each line changed, added or removed (docs/api.md#spreadsheet-imports).
    expect(dry.changes[0].values.servings.new).toBe(10);
    expect(dry.changes[0].lines.length).toBeGreaterThan(0);
    expect(dry.changes[1]).toEqual({ row: 4, action: 'created', id: null, name: 'Cake', fields: [] });
    json(await uploadSheet(t, sheet, { kind: 'recipes', dryRun: false }));
    expect(json(await a.get(`/v1/recipes/${recipe}`)).recipe.servings).toBe(10);
    const bread = json(await a.get(`/v1/recipes/${recipe}/recipe_ingredients`)).recipe;
    expect(bread.recipe_ingredients.map((l: any) => [l.recipe_ingredient.ingredient_id, l.recipe_ingredient.quantity])).toEqual([
      [flour, 3],
      [sugar, 20],
    ]);
    const cake = json(await a.get('/v1/recipes?q=Cake'))[0].recipe;
    expect(cake).toMatchObject({ name: 'Cake', servings: 4, total_grams: 200 + 125 });
  });

  it('exports costs with their supplier, ingredient name and date', async () => {
    const rows = csvRows((await a.get('/v1/ingredient_costs.csv')).body);
    expect(rows[0]).toEqual([
      'id',
      'ingredient_id',
      'ingredient_name',
      'supplier',
      'effective_at',
      'quantity',
      'unit',
      'price',
      'shipping',
    ]);
    expect(rows.slice(1).map((r) => r.slice(2))).toEqual([
      ['Flour', 'Mill & Co', '2026-01-01', '1', '1 kg', '2.4', '0'],
      ['Sugar', '', '2026-02-01', '2', '1 cup', '1.5', '0'],
    ]);
  });

  it('reads an XLSX workbook typed by hand (numbers, dates and text cells)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('costs');
    sheet.addRow(['ingredient_id', 'effective_at', 'unit', 'quantity', 'price', 'supplier']);
    sheet.addRow([sugar, new Date('2026-03-01T00:00:00Z'), 'cup', 1, 0.9, 'Sweet Ltd']);
    const res = await uploadSheet(t, Buffer.from(await workbook.xlsx.writeBuffer()), {
      kind: 'ingredient_costs',
      filename: 'costs.xlsx',
      dryRun: false,
    });
    expect(json(res).import).toMatchObject({ status: 'applied', created: 1 });
    const history = json(await a.get(`/v1/ingredients/${sugar}/ingredient_costs`));
    expect(history[0].ingredient_cost).toMatchObject({ effective_at: '2026-03-01', unit: '1 cup', price: 0.9 });
  });

  it("keeps other accounts out: B's export holds none of A's records", async () => {
    const b = t.client(t.accountB.key);
    for (const sheetKind of KINDS) expect(csvRows((await b.get(`/v1/${sheetKind}.csv`)).body)).toHaveLength(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await b.get('/v1/recipes.xlsx')).rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });
});
