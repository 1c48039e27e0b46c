// Regression: 20 parallel create_subrecipe calls on one recipe made up to 11 subrecipe ingredients on PostgreSQL; it must be exactly one (the first call answers 201, the others 200 with the same ingredient).
// Runs on SQLite, and on PostgreSQL (several app instances on one schema) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { parallelCreateSubrecipe } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('parallel create_subrecipe on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('20 parallel calls make one ingredient', () => parallelCreateSubrecipe(r, 20, 3));
});
