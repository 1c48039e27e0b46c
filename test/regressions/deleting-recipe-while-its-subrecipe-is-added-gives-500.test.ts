// Regression: deleting a recipe while its subrecipe ingredient was added to other recipes failed the same way (500, found while looking for races like the ingredient one).
// Runs on SQLite, and on PostgreSQL (several app instances on one schema) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { deleteRecipeWhileSubrecipeUsed } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('deleting a recipe while its subrecipe is added on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('409 or 422, never 500', () => deleteRecipeWhileSubrecipeUsed(r, 4, 6));
});
