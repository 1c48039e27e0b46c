// Spreadsheet imports given bad input (docs/api.md#bulk-work), on each database: every problem is a 4xx in
// the contract's shape (docs/api.md#errors), every error of a file is listed by row and field at once,
// and a failing import writes nothing at all (the whole database's fingerprint is unchanged).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { workbookWith } from '../support/hostile-sheets.js';
import { multipartBody, uploadSheet, type UploadOptions } from '../support/spreadsheet-upload.js';

const NUTRIENTS =
  'calories,protein,fat,fat_saturated,fat_trans,cholesterol,carbohydrate,fiber,sugar,added_sugar,sodium,calcium,iron,vitamin_a_IU,vitamin_c';
const HEADER = `name,description1,weight1,${NUTRIENTS}`;
const row = (name: string, n = '1') => `${name},1 cup,100,${Array(15).fill(n).join(',')}`;

describe.each(databaseKinds())('spreadsheet imports refuse bad input on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  let otherAccountsIngredient: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
    otherAccountsIngredient = json(await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'B only flour' }))).ingredient
      .id;
  });
  afterAll(async () => {
    await snapshots.close();
    await t.close();
  });

  /** Uploads with dry_run=false; the answer must be `status` in the error shape and the database untouched. */
  async function refused(data: Buffer | string, options: Omit<UploadOptions, 'dryRun'>, status = 422) {
    const before = await snapshots.take();
    const res = await uploadSheet(t, data, { ...options, dryRun: false });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
    const body = json(res);
    expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String), request_id: res.headers['x-request-id'] });
    expect(res.body).not.toMatch(/SELECT|INSERT|at .*\.ts:\d+/);
    expect(await snapshots.take()).toEqual(before);
    return body;
  }

  it('a header without a name column: refused on row 1, every column that is not a field named in the warnings', async () => {
    const body = await refused(`nme,colour,weight1\nFlour,red,1\n`, { kind: 'ingredients' });
    expect(body.import.errors).toEqual([{ row: 1, field: 'name', message: 'the header row needs an id or name column' }]);
    expect(body.import.warnings).toEqual([
      { row: 1, field: 'nme', message: 'is not a column of ingredients imports; its cells are ignored' },
      { row: 1, field: 'colour', message: 'is not a column of ingredients imports; its cells are ignored' },
    ]);
    expect(body.import).toMatchObject({ status: 'failed', created: 0, updated: 0, unchanged: 0, changes: [] });
  });

  it('two headers naming one column, in different case or spacing: refused on row 1', async () => {
    const body = await refused(`name,Total Grams,total_grams\nFlour,1,2\n`, { kind: 'recipes' });
    expect(body.import.errors).toContainEqual({
      row: 1,
      field: 'total_grams',
      message: 'names the same column as "Total Grams" (total_grams)',
    });
  });

  it('a BOM, Windows line endings, ; separators and decimal commas: read as meant', async () => {
    const text = `\uFEFF${HEADER.replaceAll(',', ';')}\r\n${row('Semi flour', '1,5').replaceAll(',', ';').replace('1;5', '1,5')}\r\n`;
    // Built by hand: every nutrient "1,5" in a ;-separated file.
    const semicolons = `\uFEFF${HEADER.replaceAll(',', ';')}\r\nSemi flour;1 cup;100;${Array(15).fill('1,5').join(';')}\r\n`;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const res = await uploadSheet(t, semicolons, { kind: 'ingredients', dryRun: false });
    expect(json(res).import).toMatchObject({ status: 'applied', created: 1, errors: [] });
    const created = json(await t.client().get(`/v1/ingredients/${json(res).import.changes[0].id}`)).ingredient;
    expect(created).toMatchObject({ name: 'Semi flour', calories: 1.5, sodium: 1.5 });
  });

  it('a decimal comma in a ,-separated file: refused (it might be a thousands separator), saying how to fix it', async () => {
    const body = await refused(`${HEADER}\n"Comma flour",1 cup,100,"1,5",${Array(14).fill('1').join(',')}\n`, { kind: 'ingredients' });
    expect(body.import.errors).toEqual([{ row: 2, field: 'calories', message: expect.stringContaining('decimal comma') }]);
  });

  it('a formula cell, in CSV text or an XLSX formula: never evaluated, refused', async () => {
    const csv = await refused(`${HEADER}\n"=HYPERLINK(""http://evil.example"",""click"")",1 cup,100,${Array(15).fill('1').join(',')}\n`, {
      kind: 'ingredients',
    });
    expect(csv.import.errors).toEqual([{ row: 2, field: 'name', message: expect.stringContaining('formula') }]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['Formula flour', '1 cup', 100, { formula: '50*2', result: 100 }, ...Array(14).fill(1)]);
    const xlsx = await refused(Buffer.from(await workbook.xlsx.writeBuffer()), { kind: 'ingredients', filename: 'f.xlsx' });
    expect(xlsx.import.errors).toEqual([{ row: 2, field: 'calories', message: expect.stringContaining('formula') }]);
  });

  it('an XLSX zip bomb (a small file that unpacks to 170 MB): refused before it is unpacked', async () => {
    // Packed with Node's zlib (test/support/hostile-sheets.ts): a pure-JS deflate of 170 MB outlasts the test's time limit on a busy machine.
    const bomb = workbookWith(new Uint8Array(170 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const body = await refused(bomb, { kind: 'ingredients', filename: 'bomb.xlsx' });
    expect(body.import.errors).toEqual([
      { row: null, field: 'file', message: 'the XLSX workbook unpacks to 170 MB; at most 100 MB is read (IMPORT_MAX_UNPACKED_BYTES)' },
    ]);
  });

  it('10 MB in one cell: refused by row and field; past the file limit: 413', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const body = await refused(`${HEADER}\n${row('Big')}\n"${big}",1 cup,100,${Array(15).fill('1').join(',')}\n`, { kind: 'ingredients' });
    expect(body.import.errors).toEqual([{ row: 3, field: 'name', message: expect.stringContaining('longer than 10,000 characters') }]);
    const huge = await refused(`${HEADER}\n"${'x'.repeat(17 * 1024 * 1024)}"\n`, { kind: 'ingredients' }, 413);
    expect(huge.error).toBe('PayloadTooLarge');
  });

  it('duplicate names in one file: the second row names the first', async () => {
    const body = await refused(`${HEADER}\n${row('Twice')}\n${row('Once')}\n${row('Twice')}\n`, { kind: 'ingredients' });
    expect(body.import.errors).toEqual([{ row: 4, field: 'name', message: 'names the same ingredient as row 2; one row per ingredient' }]);
  });

  it("a recipe row naming another account's ingredient (by id or name): unknown", async () => {
    const body = await refused(
      `recipe_name,ingredient_id,ingredient_name,quantity\nMine,${otherAccountsIngredient},,1\nAlso mine,,B only flour,1\n`,
      { kind: 'recipes' },
    );
    expect(body.import.errors).toEqual([
      {
        row: 2,
        field: 'ingredient_id',
        message: `ingredient ${otherAccountsIngredient} does not exist or is not readable by this account`,
      },
      { row: 3, field: 'ingredient_name', message: 'no ingredient named "B only flour" is readable by this account' },
    ]);
  });

  it('every error of the file at once, and nothing written though other rows were good', async () => {
    const body = await refused(
      `${HEADER}\n${row('Good one')}\n${row('Bad number', 'lots')}\nNo weight,1 cup,,${Array(15).fill('1').join(',')}\n${row('Good two')}\n`,
      { kind: 'ingredients' },
    );
    const where = body.import.errors.map((e: any) => `${e.row} ${e.field}`);
    expect(where).toEqual(expect.arrayContaining(['3 calories', '3 sodium', '4 weight1']));
    expect(where.every((w: string) => /^[34] /.test(w))).toBe(true);
    expect(body.message).toMatch(/^The import failed and nothing was written: \d+ errors, the first in row 3/);
  });

  it('10,000 rows go through; 10,001 are refused naming the limit', async () => {
    const rows = (n: number) =>
      `name,description1,weight1,food,non_food\n${Array.from({ length: n }, (_, i) => `Box ${i},1 box,10,false,packaging`).join('\n')}\n`;
    const ok = await uploadSheet(t, rows(10_000), { kind: 'ingredients' });
    expect(json(ok).import).toMatchObject({ status: 'checked', rows: 10_000, created: 10_000 });
    const body = await refused(rows(10_001), { kind: 'ingredients' });
    expect(body.import.errors).toEqual([
      {
        row: null,
        field: 'file',
        message: 'has more than 10,000 rows; one import takes at most 10,000 (IMPORT_MAX_ROWS): split the file',
      },
    ]);
  });

  it('no file, an unknown kind, a file that is neither CSV nor XLSX', async () => {
    const noFile = multipartBody({ kind: 'ingredients' }, null);
    const before = await snapshots.take();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/imports',
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': noFile.contentType },
      payload: noFile.body,
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors.file[0]).toContain("can't be blank");
    expect(await snapshots.take()).toEqual(before);
    const badKind = await refused(`name\nx\n`, { kind: 'pizzas' });
    expect(badKind.errors.kind).toBeDefined();
    const binary = await refused(Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x82]), { kind: 'ingredients' });
    expect(binary.import.errors).toEqual([
      { row: null, field: 'file', message: 'the file is neither UTF-8 CSV text nor an XLSX workbook' },
    ]);
    const brokenZip = await refused(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), { kind: 'ingredients' });
    expect(brokenZip.import.errors[0].message).toContain('XLSX');
  });
});
