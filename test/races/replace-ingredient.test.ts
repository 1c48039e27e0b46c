// Races on POST /v1/ingredients/{id}/replace (docs/api.md#recipe-lines, docs/api.md#concurrent-writes) on every database (several app
// instances on PostgreSQL): a replace racing the delete of one of the lines it would change ends as if
// one ran first. Either the line was deleted first (the replace changes the other lines only) or the
// replace ran first (the deleted line had been swapped). Never a 5xx, never a line left on the old
// ingredient, and the replaced ingredient is used by nothing afterwards (it can be deleted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { createRaceApp, expectNo5xx, newIngredient, newRecipe, type RaceApp } from './support.js';

describe.each(databaseKinds())('replace races on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('a replace racing a line delete: all lines swapped but the deleted one, and the old ingredient unused', async () => {
    const [first, second] = [r.clients()[0]!, r.clients()[r.clients().length - 1]!];
    const replacement = await newIngredient(first, 'Race margarine');
    for (let round = 0; round < 6; round++) {
      const old = await newIngredient(first, `Race butter ${round}`);
      const recipes = [await newRecipe(first, `Race A ${round}`, old), await newRecipe(first, `Race B ${round}`, old)];
      const lineOf = async (recipe: number) =>
        json(await first.get(`/v1/recipes/${recipe}/recipe_ingredients`)).recipe.recipe_ingredients[0].recipe_ingredient.id as number;
      const doomed = await lineOf(recipes[1]!);
      const [replace, remove] = await Promise.all([
        first.post(`/v1/ingredients/${old}/replace`, { replacement_id: replacement, dry_run: false }),
        second.delete(`/v1/recipes/${recipes[1]}/recipe_ingredients/${doomed}`),
      ]);
      expectNo5xx([replace, remove]);
      expect([replace.statusCode, remove.statusCode]).toEqual([200, 200]);
      const changed = json(replace).ingredient_replacement.recipes.flatMap((x: any) => x.lines.map((l: any) => l.id));
      // The delete ran first (the replace never saw the line) or after (the replace changed it, then it went).
      expect(changed.length === 1 || changed.includes(doomed)).toBe(true);
      const remaining = json(await first.get(`/v1/recipes/${recipes[0]}/recipe_ingredients`)).recipe.recipe_ingredients;
      expect(remaining.map((l: any) => l.recipe_ingredient.ingredient_id)).toEqual([replacement]);
      expect(json(await first.get(`/v1/recipes/${recipes[1]}/recipe_ingredients`)).recipe.recipe_ingredients).toEqual([]);
      expect((await second.delete(`/v1/ingredients/${old}`)).statusCode).toBe(200);
    }
  });

  it('a replace racing the delete of its replacement: 200 + 409, or 422 + 200; never in part', async () => {
    const [first, second] = [r.clients()[0]!, r.clients()[r.clients().length - 1]!];
    for (let round = 0; round < 6; round++) {
      const old = await newIngredient(first, `Race oil ${round}`);
      const replacement = await newIngredient(first, `Race ghee ${round}`);
      const recipes = [await newRecipe(first, `Race C ${round}`, old), await newRecipe(first, `Race D ${round}`, old)];
      const [replace, remove] = await Promise.all([
        first.post(`/v1/ingredients/${old}/replace`, { replacement_id: replacement, dry_run: false }),
        second.delete(`/v1/ingredients/${replacement}`),
      ]);
      expectNo5xx([replace, remove]);
      const used = new Set<number>();
      for (const recipe of recipes) {
        for (const l of json(await first.get(`/v1/recipes/${recipe}/recipe_ingredients`)).recipe.recipe_ingredients)
          used.add(l.recipe_ingredient.ingredient_id);
      }
      if (replace.statusCode === 200) {
        expect(remove.statusCode).toBe(409);
        expect([...used]).toEqual([replacement]);
      } else {
        expect([replace.statusCode, remove.statusCode]).toEqual([422, 200]);
        expect([...used]).toEqual([old]);
      }
    }
  });
});
