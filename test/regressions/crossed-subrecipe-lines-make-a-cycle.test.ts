// Regression: adding A's subrecipe to B while adding B's subrecipe to A made a cycle in 9 of 10 rounds on PostgreSQL; one of the two must get the 422 a sequential cycle gets.
// Runs on SQLite, and on PostgreSQL (several app instances on one schema) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { crossedSubrecipeLines } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('crossed subrecipe lines on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('never make a cycle in 10 rounds', () => crossedSubrecipeLines(r, 10));
});
