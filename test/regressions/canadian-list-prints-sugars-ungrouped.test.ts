// A Canadian list printed "Brown sugar, Sugar" among the other ingredients; FDR B.01.008.3 (in force
// since the 2016 amendments' transition ended in December 2022) groups sugars-based ingredients after
// "Sugars" / "Sucres", in lower case, the group placed by their combined weight. The US list is as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('the Canadian list of a cookie with brown sugar and sugar on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads "Sugars (brown sugar, sugar)" / "Sucres (cassonade, sucre)" where their combined weight puts it', async () => {
    const c = t.client();
    const make = async (name: string, name_fr: string) =>
      json(await c.post('/v1/ingredients', flourBody({ name, name_fr, description1: '100 gram', weight1: 100 }))).ingredient.id;
    const flour = await make('All-purpose flour', 'Farine tout usage');
    const butter = await make('Butter', 'Beurre');
    const brown = await make('Brown sugar', 'Cassonade');
    const sugar = await make('Sugar', 'Sucre');
    const eggs = await make('Eggs', 'Oeufs');
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Cookies', name_fr: 'Biscuits', servings: 24 } })).recipe;
    for (const [id, grams] of [
      [flour, 280],
      [butter, 170],
      [brown, 110],
      [sugar, 100],
      [eggs, 100],
    ])
      await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: id, total_grams: grams } });

    const en = json(await c.get(`/v1/recipes/${recipe.id}/label?language=en-CA`)).label;
    expect(en.ingredient_statement).toBe('Ingredients: All-purpose flour, Sugars (brown sugar, sugar), Butter, Eggs');
    const fr = json(await c.get(`/v1/recipes/${recipe.id}/label?language=fr-CA`)).label;
    expect(fr.ingredient_statement).toBe('Ingrédients : Farine tout usage, Sucres (cassonade, sucre), Beurre, Oeufs');
    const us = json(await c.get(`/v1/recipes/${recipe.id}/label?language=en-US`)).label;
    expect(us.ingredient_statement).toBe('Ingredients: All-purpose flour, Butter, Brown sugar, Sugar, Eggs');

    // The account may say an ingredient is not one: it leaves the group.
    await c.put(`/v1/ingredients/${brown}`, { ingredient: { sugars_based: false } });
    const after = json(await c.get(`/v1/recipes/${recipe.id}/label?language=en-CA`)).label;
    expect(after.ingredient_statement).toBe('Ingredients: All-purpose flour, Butter, Brown sugar, Sugars (sugar), Eggs');
  });
});
