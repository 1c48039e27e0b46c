// Races on ingredients, ingredient costs and API keys, on every database (docs/api.md#concurrent-writes). A race
// that once failed is named after its bug (`regression: <bug>`), as the files of test/regressions/
// are, with what went wrong beside it.
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

  // Parallel updates of one cost entry, each changing one field, lost all but one change, and
  // parallel deletes of one entry answered 500 on PostgreSQL.
  describe('regression: parallel-cost-writes-lose-an-update', () => {
    it('parallel cost writes for one ingredient and date: one entry, no lost update, one delete', () => parallelCostWrites(r, 8, 4));
  });

  // Updating a cost entry while its ingredient was deleted could deadlock on PostgreSQL (the update
  // held the entry and waited for the ingredient; the delete held the ingredient and its cascade
  // waited for the entry), and the loser answered 500. The update now locks only the entry: the
  // delete waits for it and then removes the entry with the rest of the ingredient's price history.
  describe('regression: updating-cost-while-its-ingredient-is-deleted-deadlocks', () => {
    it('updating a cost entry while its ingredient is deleted: never a 5xx', () => costUpdatesWhileIngredientDeleted(r, 4, 8));
  });

  // Parallel updates of one ingredient, each changing one field or its tags, lost changes on PostgreSQL.
  describe('regression: parallel-ingredient-updates-lose-changes', () => {
    it('parallel updates of one ingredient lose nothing; parallel deletes: one 200', () => parallelIngredientWrites(r, 4));
  });

  // A key lookup in flight while the key was revoked put its stale answer into the authentication
  // cache after the revoke cleared it, so requests after the revoke's answer were served with the
  // revoked key; two concurrent revokes both reported success.
  describe('regression: revoked-key-served-from-auth-cache', () => {
    it('revoking a key while it is in use: nothing served with it after the revoke answers', () => revokeKeyWhileInUse(r, 12, 5));
  });
});
