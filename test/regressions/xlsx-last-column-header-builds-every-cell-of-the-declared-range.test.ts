// Regression: a 9 KB XLSX with a header cell in the last column (`<c r="A1">name</c><c r="XFD1">x</c>`)
// made exceljs build all 16,384 cells of every row on the event loop: 100 rows stalled every account
// 15 s at 696 MB, 1,000 rows ended in "Reached heap limit". The reader now counts a row's real cells
// only, and a value past IMPORT_MAX_COLUMNS stops reading at that cell: a 422 naming the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { readSheet } from '../../src/services/spreadsheets/read-sheet.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { lastColumnHeaderXlsx, workbookWith } from '../support/hostile-sheets.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

const limits = loadConfig({}).imports;

describe('an XLSX row is as wide as its real cells', () => {
  it('a sheet declaring A1:XFD3 with cells in A to C reads rows of three cells', async () => {
    const rows =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="C1" t="inlineStr"><is><t>brand</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Flour</t></is></c><c r="B2" s="1"/><c r="C2" t="inlineStr"><is><t>Acme</t></is></c></row>';
    const sheet = await readSheet(workbookWith(rows, { dimension: 'A1:XFD3' }), 'x.xlsx', limits);
    expect(sheet.header).toEqual(['name', '', 'brand']);
    expect(sheet.rows).toEqual([
      {
        row: 2,
        cells: [
          { text: 'Flour', formula: false },
          { text: '', formula: false },
          { text: 'Acme', formula: false },
        ],
      },
    ]);
  });

  it('where the column limit allows XFD, the header is 16,384 wide and each data row stays one cell', async () => {
    const sheet = await readSheet(lastColumnHeaderXlsx(1000), 'x.xlsx', { ...limits, maxColumns: 16_384, maxCells: 100_000 });
    expect(sheet.header).toHaveLength(16_384);
    expect(sheet.rows).toHaveLength(1000);
    expect(sheet.rows.every((r) => r.cells.length === 1)).toBe(true);
  });

  it('a header cell past IMPORT_MAX_COLUMNS stops the read at that cell', async () => {
    await expect(readSheet(lastColumnHeaderXlsx(1000), 'x.xlsx', limits)).rejects.toThrow(
      'has a value in column XFD (column 16,384); at most 500 columns are read (IMPORT_MAX_COLUMNS)',
    );
  });
});

describe.each(databaseKinds())('the 9 KB last-column XLSX on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
  });
  afterAll(async () => {
    await snapshots.close();
    await t.close();
  });

  it('is a 422 naming IMPORT_MAX_COLUMNS, as a dry run and applied, and writes nothing', async () => {
    const file = lastColumnHeaderXlsx(1000);
    expect(file.length).toBeLessThan(12 * 1024);
    const before = await snapshots.take();
    for (const dryRun of [true, false]) {
      const res = await uploadSheet(t, file, { kind: 'ingredients', filename: 'wide.xlsx', dryRun });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
      expect(res.body.length).toBeLessThan(2048);
      expect(json(res).import).toMatchObject({
        status: 'failed',
        errors: [{ row: null, field: 'file', message: expect.stringContaining('(IMPORT_MAX_COLUMNS)') }],
        errors_total: 1,
        errors_truncated: false,
      });
    }
    expect(await snapshots.take()).toEqual(before);
  });
});
