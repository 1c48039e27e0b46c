// Races on history (docs/api.md#history), on every database: writes fired together at the ingredients, lines
// and subrecipe of one recipe (through three app instances on PostgreSQL) give revisions numbered
// 1..n without a gap or a 500, each change recorded once, and a newest revision equal to the present.
// A race that once failed is named after its bug (`regression: <bug>`), as the files of
// test/regressions/ are, with what went wrong beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { json, type Client } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { addLine, createRaceApp, expectNo5xx, newIngredient, newRecipe, newSubrecipe, together, type RaceApp } from './support.js';

describe.each(databaseKinds())('history races on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('parallel writes beneath one recipe: gapless revisions, every change once, the last one the present', async () => {
    const [c] = r.clients();
    const ingredients: number[] = [];
    for (let i = 0; i < 6; i++) ingredients.push(await newIngredient(c!, `Racing ${i}`));
    const inner = await newRecipe(c!, 'Inner', ingredients[0]!);
    const sub = await newSubrecipe(c!, inner);
    const outer = await newRecipe(c!, 'Outer', ingredients[1]!);
    expect((await addLine(c!, outer, sub)).statusCode).toBe(201);
    for (const id of ingredients.slice(2)) expect((await addLine(c!, outer, id)).statusCode).toBe(201);
    const lines = json(await c!.get(`/v1/recipes/${outer}/recipe_ingredients`)).recipe.recipe_ingredients.map(
      (l: any) => l.recipe_ingredient.id,
    );
    const before = json(await c!.get(`/v1/recipes/${outer}/revisions`)).length;

    const writes: Array<(client: Client) => Promise<LightMyRequestResponse>> = [
      ...ingredients.map((id, i) => (client: Client) => client.put(`/v1/ingredients/${id}`, { sodium: 1000 + i })),
      ...lines.map(
        (id: number, i: number) => (client: Client) => client.put(`/v1/recipes/${outer}/recipe_ingredients/${id}`, { quantity: 20 + i }),
      ),
      (client) => client.put(`/v1/recipes/${inner}`, { servings: 7 }),
      (client) =>
        client.post('/v1/ingredient_costs', {
          ingredient_cost: { ingredient_id: ingredients[3], unit: '1 cup', quantity: 1, price: 2, effective_at: '2026-01-01' },
        }),
      (client) => client.post(`/v1/recipes/${outer}/label_approvals`, { accept_incomplete: true }),
    ];
    const responses = await together(r.clients(), writes.length, (client, i) => writes[i]!(client));
    expectNo5xx(responses);
    expect(
      responses.every((res) => res.statusCode < 300),
      responses.map((res) => res.statusCode).join(','),
    ).toBe(true);

    const revisions = json(await c!.get(`/v1/recipes/${outer}/revisions`)).map((x: any) => x.revision);
    const numbers = revisions.map((x: any) => x.number).reverse();
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const changes = revisions.slice(0, revisions.length - before).flatMap((x: any) => x.changes);
    for (const id of ingredients) {
      // Ingredient 0 is beneath the subrecipe: still a change of the outer recipe, named by its id.
      expect(
        changes.filter((ch: any) => ch.field === 'sodium' && ch.ingredient_id === id),
        `ingredient ${id}`,
      ).toHaveLength(1);
    }
    for (const id of lines)
      expect(
        changes.filter((ch: any) => ch.field === 'quantity' && ch.line_id === id),
        `line ${id}`,
      ).toHaveLength(1);
    expect(changes.filter((ch: any) => ch.field === 'servings' && ch.recipe_id === inner)).toHaveLength(1);
    expect(changes.filter((ch: any) => ch.field === 'cost')).toHaveLength(1);
    const asOfNow = json(await c!.get(`/v1/recipes/${outer}/label?as_of=${encodeURIComponent(r.t.clock.now().toISOString())}`)).label;
    expect(asOfNow).toEqual(json(await c!.get(`/v1/recipes/${outer}/label`)).label);
  });

  // recipe_revisions had a foreign key to recipes. A write recording a revision held the recipe's
  // history lock while the key check waited for the recipe row, which a concurrent line write held
  // while it waited for that same history lock: PostgreSQL broke the deadlock by failing one of them
  // (500). The table has no such key now; line writes and ingredient writes on one recipe, fired
  // together, all succeed and number their revisions without a gap.
  describe('regression: history-lock-deadlocks-line-writes-on-postgresql', () => {
    it('line writes and ingredient writes on one line and ingredient of a recipe never fail', async () => {
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
});
