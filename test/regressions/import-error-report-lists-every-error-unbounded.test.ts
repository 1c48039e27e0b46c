// Regression: the import error report listed every error. A CSV header of 100,000 unknown columns
// (0.9 MB) got a 147 MB 422 body and took 1.37 GB; 1,000,000 columns (7.9 MB) ran the heap out in
// JSON.stringify. Now a header wider than IMPORT_MAX_COLUMNS is refused before it is parsed, and a
// report lists the first 100 errors (by row) with `errors_total` counting them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CappedList } from '../../src/services/spreadsheets/capped-list.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { unknownColumnsCsv } from '../support/hostile-sheets.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe('CappedList: the first items in order, all of them counted', () => {
  const byRow = () => new CappedList<{ row: number; n: number }>((a, b) => a.row < b.row, 3);

  it('keeps the first three by row, ties in the order added, whatever order they come in', () => {
    const list = byRow();
    for (const [row, n] of [
      [5, 1],
      [2, 2],
      [9, 3],
      [2, 4],
      [1, 5],
      [7, 6],
    ])
      list.add({ row: row!, n: n! });
    expect(list.items).toEqual([
      { row: 1, n: 5 },
      { row: 2, n: 2 },
      { row: 2, n: 4 },
    ]);
    expect(list.total).toBe(6);
    expect(list.truncated).toBe(true);
  });

  it('is not truncated at exactly its cap', () => {
    const list = byRow();
    for (let i = 0; i < 3; i++) list.add({ row: i, n: i });
    expect([list.items.length, list.total, list.truncated]).toEqual([3, 3, false]);
  });
});

describe.each(databaseKinds())('import error reports on %s', (kind) => {
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

  it.each([100_000, 1_000_000])('a header of %i unknown columns: a small 422 naming IMPORT_MAX_COLUMNS', async (columns) => {
    const before = await snapshots.take();
    const res = await uploadSheet(t, unknownColumnsCsv(columns), { kind: 'ingredients', dryRun: false });
    expect(res.statusCode).toBe(422);
    expect(res.body.length).toBeLessThan(2048);
    expect(json(res).import).toMatchObject({
      status: 'failed',
      errors: [
        {
          row: null,
          field: 'file',
          message: expect.stringMatching(
            /^has a value in column [A-Z]+ \(column 501\); at most 500 columns are read \(IMPORT_MAX_COLUMNS\)$/,
          ),
        },
      ],
      errors_total: 1,
      errors_truncated: false,
    });
    expect(await snapshots.take()).toEqual(before);
  });

  it('5,000 bad rows: the first 100 errors by row, errors_total counts all 5,000', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `Bad ${i},1 cup,100,lots`).join('\n');
    const res = await uploadSheet(t, `name,description1,weight1,calories\n${rows}\n`, { kind: 'ingredients' });
    expect(res.statusCode).toBe(422);
    const report = json(res).import;
    expect(report.errors).toHaveLength(100);
    const shown = report.errors.map((e: { row: number }) => e.row);
    expect(shown[0]).toBe(2);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(report.errors_total).toBeGreaterThanOrEqual(5000);
    expect(report.errors_truncated).toBe(true);
    expect(json(res).message).toMatch(
      new RegExp(`^The import failed and nothing was written: ${report.errors_total.toLocaleString('en-US')} errors, the first in row 2`),
    );
  });
});
