// Found before release: recipe_revisions had a foreign key to recipes. A write recording a
// revision held the recipe's history lock while the key check waited for the recipe row, which a
// concurrent line write held while it waited for that same history lock: PostgreSQL broke the
// deadlock by failing one of them (500). The table has no such key now; line writes and ingredient
// writes on one recipe, fired together, all succeed and number their revisions without a gap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { createRaceApp, expectNo5xx, newIngredient, newRecipe, together, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('history lock against line writes on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('line writes and ingredient writes on one recipe never fail', async () => {
    const [c] = r.clients();
    const ingredient = await newIngredient(c!, 'Contended flour');
    const recipe = await newRecipe(c!, 'Contended bread', ingredient);
    const line = json(await c!.get(`/v1/recipes/${recipe}/recipe_ingredients`)).recipe.recipe_ingredients[0].recipe_ingredient.id;
    for (let round = 0; round < 3; round++) {
      const responses = await together(r.clients(), 12, (client, i) =>
        i % 2 === 0
          ? client.put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { quantity: 10 + round * 12 + i })
          : client.put(`/v1/ingredients/${ingredient}`, { sodium: 10 + round * 12 + i }),
      );
      expectNo5xx(responses);
      expect(responses.map((res) => res.statusCode)).toEqual(responses.map(() => 200));
    }
    const numbers = json(await c!.get(`/v1/recipes/${recipe}/revisions?per_page=20`)).map((x: any) => x.revision.number);
    expect(numbers[0]).toBe(Number((await c!.get(`/v1/recipes/${recipe}/revisions`)).headers['x-total-count']));
    expect(numbers).toEqual(numbers.map((_: number, i: number) => numbers[0] - i));
  });
});
