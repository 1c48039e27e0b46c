// Races on recipes, their lines and subrecipes, on every database (docs/api.md §1.10).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import {
  crossedSubrecipeLines,
  deleteIngredientWhileLinesAdded,
  deleteRecipeWhileSubrecipeUsed,
  parallelCreateSubrecipe,
  parallelRecipeWrites,
  parallelScale,
} from './scenarios.js';
import { createRaceApp, type RaceApp } from './support.js';

describe.each(databaseKinds())('recipe races on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('20 parallel create_subrecipe on one recipe make one ingredient', () => parallelCreateSubrecipe(r, 20, 5));
  it('crossed subrecipe lines never make a cycle', () => crossedSubrecipeLines(r, 10));
  it('deleting an ingredient while lines use it: 409 or 422, never 500 or a dangling line', () =>
    deleteIngredientWhileLinesAdded(r, 6, 10));
  it('deleting a recipe while its subrecipe ingredient is added elsewhere: 409 or 422', () => deleteRecipeWhileSubrecipeUsed(r, 4, 8));
  it('parallel scales of one recipe are whole copies and keep the count', () => parallelScale(r, 8, 3));
  it('parallel updates of one recipe lose nothing; parallel deletes: one 200', () => parallelRecipeWrites(r, 4));
});
