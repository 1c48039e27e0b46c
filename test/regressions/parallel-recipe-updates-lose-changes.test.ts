// Regression: parallel updates of one recipe, each changing one field, lost changes, and parallel deletes of one recipe each answered 200 and broke the maintained recipe count on PostgreSQL.
// Runs on SQLite, and on PostgreSQL (several app instances on one schema) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { parallelRecipeWrites } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('parallel recipe writes on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('keep every change and the count', () => parallelRecipeWrites(r, 3));
});
