// Races on POST /v1/recipes/from_text (docs/api.md#recipe-text, docs/api.md#concurrent-writes) on every database: deleting the
// ingredient a text's line is matched or chosen to while the recipe is made ends as if one ran first:
// the recipe is made (201) and the delete is 409 naming it, or the delete is made (200) and the
// creation is 422; a recipe is never made in part, and no line points at a missing ingredient.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { createRaceApp, expectNo5xx, newIngredient, type RaceApp } from './support.js';

describe.each(databaseKinds())('from_text races on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('deleting the matched or chosen ingredient while the recipe is made: 201 + 409, or 422 + 200; never in part', async () => {
    const [first, second] = [r.clients()[0]!, r.clients()[r.clients().length - 1]!];
    for (let round = 0; round < 6; round++) {
      const name = `Race quark ${round}`;
      const own = await newIngredient(first, name);
      const chosen = round % 2 === 1;
      const body = {
        recipe: { name: `Race text ${round}` },
        text: chosen ? '1 cup mystery curd\n2 cups flour' : `100 g ${name.toLowerCase()}\n2 cups flour`,
        choices: chosen ? [{ line: 1, ingredient_id: own, grams: 100 }] : [],
        skip: [2],
      };
      const [made, remove] = await Promise.all([first.post('/v1/recipes/from_text', body), second.delete(`/v1/ingredients/${own}`)]);
      expectNo5xx([made, remove]);
      const recipes = json(await first.get(`/v1/recipes?archived=all&q=${encodeURIComponent(`Race text ${round}`)}`));
      if (made.statusCode === 201) {
        expect(remove.statusCode).toBe(409);
        expect(recipes).toHaveLength(1);
        const lines = json(await first.get(`/v1/recipes/${recipes[0].recipe.id}/recipe_ingredients`)).recipe.recipe_ingredients;
        expect(lines.map((l: any) => l.recipe_ingredient.ingredient_id)).toEqual([own]);
      } else {
        expect([made.statusCode, remove.statusCode]).toEqual([422, 200]);
        expect(recipes).toHaveLength(0);
      }
    }
  });
});
