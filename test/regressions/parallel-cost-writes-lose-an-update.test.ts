// Regression: parallel updates of one ingredient cost entry each changing one field lost all but one change, and parallel deletes of one entry answered 500 on PostgreSQL.
// Runs on SQLite, and on PostgreSQL (several app instances on one schema) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { parallelCostWrites } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('parallel cost writes on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('one entry per date, no lost update, one delete', () => parallelCostWrites(r, 6, 2));
});
