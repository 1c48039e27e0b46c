// Races on clone_and_swap (docs/api.md#clone-and-swap, docs/api.md#concurrent-writes) on every database: deleting the ingredient being
// swapped in while the copies are made ends as if one ran first: the copies are made (201) and the
// delete is 409 naming them, or the delete is made (200) and the clone is 422 on that entry. No copy
// ever points at a missing ingredient, and a clone is never made in part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { createRaceApp, expectNo5xx, newIngredient, newRecipe, type RaceApp } from './support.js';

describe.each(databaseKinds())('clone_and_swap races on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('deleting the swapped-in ingredient during a 10-entry clone: 201 + 409, or 200 + 422; never in part', async () => {
    const [first, second] = [r.clients()[0]!, r.clients()[r.clients().length - 1]!];
    const base = await newIngredient(first, 'Race base');
    const template = await newRecipe(first, 'Race template', base);
    const line = json(await first.get(`/v1/recipes/${template}/recipe_ingredients`)).recipe.recipe_ingredients[0].recipe_ingredient.id;
    for (let round = 0; round < 6; round++) {
      const swapIn = await newIngredient(first, `Race swap ${round}`);
      const entries = Array.from({ length: 10 }, (_, i) => ({
        name: `Race copy ${round}.${i}`,
        ingredient_id: i % 2 === 0 ? swapIn : base,
      }));
      const [clone, remove] = await Promise.all([
        first.post(`/v1/recipes/${template}/clone_and_swap`, { swap_recipe_ingredient_id: line, entries, dry_run: false }),
        second.delete(`/v1/ingredients/${swapIn}`),
      ]);
      expectNo5xx([clone, remove]);
      const copies = json(await first.get(`/v1/recipes?archived=all&per_page=20&q=${encodeURIComponent(`Race copy ${round}.`)}`));
      if (clone.statusCode === 201) {
        expect(remove.statusCode).toBe(409);
        expect(copies).toHaveLength(10);
        expect(json(await first.get(`/v1/ingredients/${swapIn}`)).ingredient.id).toBe(swapIn);
      } else {
        expect([clone.statusCode, remove.statusCode]).toEqual([422, 200]);
        expect(Object.keys(json(clone).errors)).toContain('entries[0].ingredient_id');
        expect(copies).toHaveLength(0);
      }
    }
  });
});
