// Regression: the report of a dry run that failed counted its good rows as `created` (and listed them
// in `changes`) though an apply of that file writes nothing at all. A failed report now counts
// nothing: created, updated and unchanged are 0 and changes is empty (docs/api.md#spreadsheet-imports).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('a failed dry run on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.client().post('/v1/ingredients', flourBody({ name: 'Salt' }));
  });
  afterAll(() => t.close());

  it.each([true, false])('with dry_run %s: one bad row among good ones counts nothing', async (dryRun) => {
    const sheet =
      'name,brand,food,non_food,description1,weight1\nBox,,false,packaging,1 box,10\nBag,,false,packaging,1 bag,5\nSalt,Morton,,,1 cup,125\nTray,,false,packaging,1 tray,lots\n';
    const res = await uploadSheet(t, sheet, { kind: 'ingredients', dryRun });
    expect(res.statusCode).toBe(422);
    expect(json(res).import).toMatchObject({
      status: 'failed',
      dry_run: dryRun,
      rows: 4,
      created: 0,
      updated: 0,
      unchanged: 0,
      changes: [],
      errors: expect.arrayContaining([{ row: 5, field: 'weight1', message: '"lots" is not a number' }]),
    });
    // Rows 2 to 4 are good: only row 5 has errors, and still nothing is counted.
    expect(json(res).import.errors.every((e: any) => e.row === 5)).toBe(true);
  });
});
