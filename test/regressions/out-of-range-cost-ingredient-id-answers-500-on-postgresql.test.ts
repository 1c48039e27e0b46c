// Found by the hostile input suite (full run on PostgreSQL): POST /v1/ingredient_costs
// with `ingredient_id` outside 1..2,147,483,647 (`-2147483649`, `2147483648`) answered 500 there.
// The schema refused it, but the cost rules collect every error before answering and looked the id
// up anyway; PostgreSQL's integer column refuses such a value with an error. Now it is 422 naming
// ingredient_id, with the other fields' errors, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences } from '../support/db-snapshot.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('a cost for an ingredient id out of range on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it.each([-2147483649, 2147483648, 9007199254740991, -1, 0])('ingredient_id %s is 422 naming it, JSON and form alike', async (id) => {
    const snapshots = await databaseSnapshotter(t.db);
    const before = await snapshots.take();
    const body = { ingredient_cost: { ingredient_id: id, effective_at: '2026-11-01', unit: '1 cup', quantity: 1, price: 2.5 } };
    for (const as of ['json', 'form'] as const) {
      const error = expectError(await t.client().post('/v1/ingredient_costs', body, as), 422, 'ValidationFailed');
      expect(Object.keys(error.errors as object)).toContain('ingredient_id');
    }
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    await snapshots.close();
  });
});
