// Regression: deleting an ingredient while lines using it were added gave 25-34 500s in 60 on PostgreSQL; the delete must win (the adds get 422) or the lines (the delete gets 409 naming the recipe).
// Runs on SQLite, and on PostgreSQL (several app instances on one schema) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { deleteIngredientWhileLinesAdded } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('deleting an ingredient while lines are added on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('60 requests: 409 or 422, never 500 or a line on a missing ingredient', () => deleteIngredientWhileLinesAdded(r, 5, 10));
});
