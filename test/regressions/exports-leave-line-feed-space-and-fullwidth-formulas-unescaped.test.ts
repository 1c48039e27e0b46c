// Regression: CSV and XLSX exports escaped text starting with =, +, -, @, tab or carriage return, but
// not text starting with a line feed, spaces before a formula character, or the fullwidth ＝ ＋ － ＠
// that spreadsheets also run (OWASP "CSV Injection"). These now get the leading apostrophe too, and an
// export imported again is all unchanged, every value as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { escapeText, readCell } from '../../src/services/spreadsheets/cells.js';
import { readSheet } from '../../src/services/spreadsheets/read-sheet.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

const RUNNABLE = ['\n=1+1', '  =1+1', ' @SUM(A1)', '\u00a0-1', '＝1+1', '＋1', '－1', '＠SUM(A1)', '\0=x', "'\n=x", "' ＝x"];
const PLAIN = ['Acme', ' Acme', 'a=b', 'x\n=1', '１２'];

describe('escapeText', () => {
  it.each(RUNNABLE)('%j gains an apostrophe and reads back unchanged', (value) => {
    expect(escapeText(value)).toBe(`'${value}`);
    expect(readCell({ text: escapeText(value), formula: false }, 'text', ',')).toEqual({ ok: true, value });
  });

  it.each(PLAIN)('%j stays as it is', (value) => {
    expect(escapeText(value)).toBe(value);
  });
});

describe.each(databaseKinds())('exports of formula-like text on %s', (kind) => {
  let t: TestApp;
  const brands = ['\n=1+1', '  =1+1', ' @SUM(A1)', '＝1+1', '＋1', '－1', '＠SUM(A1)'];
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [i, brand] of brands.entries()) {
      const res = await t.client().post('/v1/ingredients', flourBody({ name: `Flour ${i}`, brand }));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
    }
  });
  afterAll(() => t.close());

  it.each(['csv', 'xlsx'] as const)(
    '%s: every such brand starts with an apostrophe, and the file imports back all unchanged',
    async (format) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/ingredients.${format}`,
        headers: { authorization: `Token token=${t.accountA.key}` },
      });
      expect(res.statusCode).toBe(200);
      const sheet = await readSheet(res.rawPayload, `x.${format}`, loadConfig({}).imports);
      const brandAt = sheet.header.indexOf('brand');
      const cells = sheet.rows.map((r) => r.cells[brandAt]!.text);
      expect(cells).toHaveLength(brands.length);
      for (const cell of cells) expect(cell.startsWith("'")).toBe(true);
      expect(cells.map((c) => c.slice(1))).toEqual(brands);

      const again = await uploadSheet(t, res.rawPayload, { kind: 'ingredients', filename: `x.${format}`, dryRun: false });
      expect(json(again).import).toMatchObject({ status: 'applied', created: 0, updated: 0, unchanged: brands.length });
      const idAt = sheet.header.indexOf('id');
      const after = [];
      for (const row of sheet.rows) after.push(json(await t.client().get(`/v1/ingredients/${row.cells[idAt]!.text}`)).ingredient.brand);
      expect(after).toEqual(brands);
    },
  );
});
