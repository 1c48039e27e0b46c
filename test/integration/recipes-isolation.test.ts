// Account isolation on every recipe route: account B gets 404 for A's recipes and lines, can never
// change them, and cannot use A's private ingredients or subrecipes (422 naming ingredient_id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('recipe isolation on %s', (kind) => {
  let t: TestApp;
  let a: Client;
  let b: Client;
  let recipeA: any;
  let lineA: any;
  let subA: number;
  let privateA: number;
  let recipeB: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = t.client();
    b = t.client(t.accountB.key);
    privateA = json(await a.post('/v1/ingredients', flourBody({ name: 'A flour' }))).ingredient.id;
    recipeA = json(
      await a.post('/v1/recipes/shortcut', { name: 'A bread', ingredient_ids: `${privateA}`, ingredient_weights: '100' }),
    ).recipe;
    lineA = json(await a.get(`/v1/recipes/${recipeA.id}/recipe_ingredients`)).recipe.recipe_ingredients[0].recipe_ingredient;
    subA = json(await a.post(`/v1/recipes/${recipeA.id}/create_subrecipe`)).ingredient.id;
    recipeA = json(await a.get(`/v1/recipes/${recipeA.id}`)).recipe;
    recipeB = json(await b.post('/v1/recipes', { name: 'B bread' })).recipe.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const routes: Array<[string, (c: Client) => Promise<{ statusCode: number }>]> = [
    ['GET recipe', (c) => c.get(`/v1/recipes/${recipeA.id}`)],
    ['GET recipe under /api/v1', (c) => c.get(`/api/v1/recipes/${recipeA.id}`)],
    ['PUT recipe', (c) => c.put(`/v1/recipes/${recipeA.id}`, { name: 'stolen', embed_token: 'rotate' })],
    ['DELETE recipe', (c) => c.delete(`/v1/recipes/${recipeA.id}`)],
    ['POST scale', (c) => c.post(`/v1/recipes/${recipeA.id}/scale`, { scale_amount: 2 })],
    ['PUT scale', (c) => c.put(`/v1/recipes/${recipeA.id}/scale`, { scale_amount: 2 })],
    ['POST create_subrecipe', (c) => c.post(`/v1/recipes/${recipeA.id}/create_subrecipe`)],
    ['GET lines', (c) => c.get(`/v1/recipes/${recipeA.id}/recipe_ingredients`)],
    ['POST line', (c) => c.post(`/v1/recipes/${recipeA.id}/recipe_ingredients`, { ingredient_id: privateA })],
    ['GET line', (c) => c.get(`/v1/recipes/${recipeA.id}/recipe_ingredients/${lineA.id}`)],
    ['PUT line', (c) => c.put(`/v1/recipes/${recipeA.id}/recipe_ingredients/${lineA.id}`, { quantity: 9 })],
    ['DELETE line', (c) => c.delete(`/v1/recipes/${recipeA.id}/recipe_ingredients/${lineA.id}`)],
    // A's line id under B's own recipe is still not found.
    ["GET A's line under B's recipe", (c) => c.get(`/v1/recipes/${recipeB}/recipe_ingredients/${lineA.id}`)],
    ["PUT A's line under B's recipe", (c) => c.put(`/v1/recipes/${recipeB}/recipe_ingredients/${lineA.id}`, { quantity: 9 })],
    ["DELETE A's line under B's recipe", (c) => c.delete(`/v1/recipes/${recipeB}/recipe_ingredients/${lineA.id}`)],
    ["GET A's subrecipe ingredient", (c) => c.get(`/v1/ingredients/${subA}`)],
  ];

  it.each(routes)('%s: 404 for account B', async (_name, call) => {
    expect((await call(b)).statusCode).toBe(404);
  });

  it("B cannot use A's private ingredient or subrecipe in lines or shortcuts (422 ingredient_id)", async () => {
    for (const id of [privateA, subA]) {
      const line = await b.post(`/v1/recipes/${recipeB}/recipe_ingredients`, { ingredient_id: id });
      expect(line.statusCode).toBe(422);
      expect(json(line).errors.ingredient_id).toBeDefined();
      const shortcut = await b.post('/v1/recipes/shortcut', { name: 'x', ingredient_ids: `${id}`, ingredient_weights: '1' });
      expect(shortcut.statusCode).toBe(422);
      expect(json(shortcut).errors.ingredient_id).toBeDefined();
    }
  });

  it("B's list holds only B's recipes", async () => {
    const list = json(await b.get('/v1/recipes?archived=all'));
    expect(list.map((r: any) => r.recipe.id)).toEqual([recipeB]);
  });

  it("A's recipe, line and subrecipe are unchanged after B's attempts", async () => {
    expect(json(await a.get(`/v1/recipes/${recipeA.id}`)).recipe).toEqual(recipeA);
    expect(json(await a.get(`/v1/recipes/${recipeA.id}/recipe_ingredients/${lineA.id}`)).recipe_ingredient.quantity).toBe(lineA.quantity);
    expect((await a.get(`/v1/ingredients/${subA}`)).statusCode).toBe(200);
    expect(json(await a.get('/v1/recipes')).length).toBe(1);
  });
});
