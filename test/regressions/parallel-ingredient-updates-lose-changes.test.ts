// Regression: parallel updates of one ingredient, each changing one field or its tags, lost changes on PostgreSQL.
// Runs on SQLite, and on PostgreSQL (several app instances on one schema) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { parallelIngredientWrites } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('parallel ingredient writes on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('keep every change', () => parallelIngredientWrites(r, 3));
});
