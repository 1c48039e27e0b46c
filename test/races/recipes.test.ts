// Races on recipes, their lines and subrecipes, on every database (docs/api.md#concurrent-writes). A race that
// once failed is named after its bug (`regression: <bug>`), as the files of test/regressions/ are,
// with what went wrong beside it.
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

  // 20 parallel create_subrecipe calls on one recipe made up to 11 subrecipe ingredients on
  // PostgreSQL; it must be exactly one (the first call answers 201, the others 200 with it).
  describe('regression: parallel-create-subrecipe-makes-several-ingredients', () => {
    it('20 parallel create_subrecipe on one recipe make one ingredient', () => parallelCreateSubrecipe(r, 20, 5));
  });

  // Adding A's subrecipe to B while adding B's subrecipe to A made a cycle in 9 of 10 rounds on
  // PostgreSQL; one of the two must get the 422 a sequential cycle gets.
  describe('regression: crossed-subrecipe-lines-make-a-cycle', () => {
    it('crossed subrecipe lines never make a cycle in 10 rounds', () => crossedSubrecipeLines(r, 10));
  });

  // Deleting an ingredient while lines using it were added gave 25-34 500s in 60 requests on
  // PostgreSQL; the delete must win (the adds get 422) or the lines (the delete gets 409 naming the recipe).
  describe('regression: deleting-ingredient-while-lines-are-added-gives-500', () => {
    it('deleting an ingredient while lines use it: 409 or 422, never 500 or a dangling line', () =>
      deleteIngredientWhileLinesAdded(r, 6, 10));
  });

  // Deleting a recipe while its subrecipe ingredient was added to other recipes answered 500 the same way.
  describe('regression: deleting-recipe-while-its-subrecipe-is-added-gives-500', () => {
    it('deleting a recipe while its subrecipe ingredient is added elsewhere: 409 or 422, never 500', () =>
      deleteRecipeWhileSubrecipeUsed(r, 4, 8));
  });

  it('parallel scales of one recipe are whole copies and keep the count', () => parallelScale(r, 8, 3));

  // Parallel updates of one recipe, each changing one field, lost changes, and parallel deletes of
  // one recipe each answered 200 and broke the maintained recipe count on PostgreSQL.
  describe('regression: parallel-recipe-updates-lose-changes', () => {
    it('parallel updates of one recipe lose nothing; parallel deletes: one 200, the count kept', () => parallelRecipeWrites(r, 4));
  });
});
