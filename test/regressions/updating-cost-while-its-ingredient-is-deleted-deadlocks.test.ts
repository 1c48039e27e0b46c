// Regression (found beside the other races): updating a cost entry while its ingredient was
// deleted could deadlock on PostgreSQL (the update held the entry and waited for the ingredient; the
// delete held the ingredient and its cascade waited for the entry), and the loser answered 500. The
// update now locks only the entry: the delete waits for it and then removes the entry with the rest
// of the ingredient's price history.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { costUpdatesWhileIngredientDeleted } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('updating a cost while its ingredient is deleted on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('never answers 5xx', () => costUpdatesWhileIngredientDeleted(r, 4, 8));
});
