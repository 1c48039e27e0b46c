// Regression: an XLSX whose rows all said r="1" was all header: 400 such rows in a 78 KB file froze
// the process for 26 s (the header grew with every row, and the import worked header x rows without
// yielding). Rows now come in order, each once, as every spreadsheet program writes them: a row
// numbered at or before the one before it is a 422 naming it, read no further. Reading an ordered
// sheet is linear: ten times the rows, about ten times the counted steps (no wall clock).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setWorkCounter } from '../../src/lib/work-steps.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { orderedIngredientsXlsx, repeatedFirstRowXlsx } from '../support/hostile-sheets.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('XLSX rows that repeat r="1", on %s', (kind) => {
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
  afterEach(() => setWorkCounter(null));

  it.each([true, false])('400 rows numbered 1 (dry run %s): a small 422 naming the second row, nothing written', async (dryRun) => {
    const before = await snapshots.take();
    const res = await uploadSheet(t, repeatedFirstRowXlsx(400), { kind: 'ingredients', dryRun, filename: 'rows.xlsx' });
    expect(res.statusCode).toBe(422);
    expect(res.body.length).toBeLessThan(2048);
    expect(json(res).import).toMatchObject({
      status: 'failed',
      errors: [{ row: null, field: 'file', message: 'has row 1 after row 1; the rows of a sheet come in order, each once' }],
    });
    expect(await snapshots.take()).toEqual(before);
  });

  it('repeated rows: ten times the rows is no more work (the read stops at the second)', async () => {
    const steps = async (rows: number) => {
      let n = 0;
      setWorkCounter((k) => (n += k));
      const res = await uploadSheet(t, repeatedFirstRowXlsx(rows), { kind: 'ingredients', dryRun: true, filename: 'rows.xlsx' });
      setWorkCounter(null);
      expect(res.statusCode).toBe(422);
      return n;
    };
    const small = await steps(40);
    expect(await steps(400)).toBeLessThanOrEqual(small);
  });

  it('ordered rows, 100 then 1,000 (dry run): about ten times the steps, never a hundred', async () => {
    const steps = async (rows: number) => {
      let n = 0;
      setWorkCounter((k) => (n += k));
      const res = await uploadSheet(t, orderedIngredientsXlsx(rows), { kind: 'ingredients', dryRun: true, filename: 'rows.xlsx' });
      setWorkCounter(null);
      expect(res.statusCode).toBeLessThan(500);
      return n;
    };
    const small = await steps(100);
    const large = await steps(1000);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeGreaterThanOrEqual(8 * small);
    expect(large).toBeLessThanOrEqual(12 * small);
  });
});
