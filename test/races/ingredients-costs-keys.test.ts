// Races on ingredients, ingredient costs and API keys, on every database (docs/api.md §1.10).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { costUpdatesWhileIngredientDeleted, parallelCostWrites, parallelIngredientWrites, revokeKeyWhileInUse } from './scenarios.js';
import { createRaceApp, type RaceApp } from './support.js';

describe.each(databaseKinds())('ingredient, cost and key races on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('parallel cost writes for one ingredient and date: one entry, no lost update, one delete', () => parallelCostWrites(r, 8, 4));
  it('updating a cost entry while its ingredient is deleted: never a 5xx', () => costUpdatesWhileIngredientDeleted(r, 4, 8));
  it('parallel updates of one ingredient lose nothing; parallel deletes: one 200', () => parallelIngredientWrites(r, 4));
  it('revoking a key while it is in use: nothing served with it after the revoke answers', () => revokeKeyWhileInUse(r, 12, 5));
});
