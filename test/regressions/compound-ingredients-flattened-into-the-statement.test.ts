// Chocolate chips whose ingredient_list holds their own ingredients were flattened into the cookies'
// statement: "sugar, chocolate, cocoa butter, milkfat, soy lecithin, vanilla extract, enriched wheat flour,
// ..., sugar, ...": the chips' name gone, sugar twice, cocoa butter ahead of 205 g of flour (21 CFR
// 101.4(b)(2) wants "chocolate chips (sugar, ...)" at the chips' place), and the EU and Australian lists
// put "(milk)" after "vanilla extract" ("Vanilleextrakt (Milch)"). Now a compound ingredient keeps its name
// and its place by weight, its ingredients follow in parentheses in their own order, and its allergens
// are emphasised at the ingredient that names them (milkfat, soy lecithin), in every market and language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const CHIPS_LIST = 'sugar, chocolate, cocoa butter, milkfat, soy lecithin, vanilla extract';

const emphasised = (runs: Array<{ text: string; emphasis: boolean }>) => runs.filter((r) => r.emphasis).map((r) => r.text);
const runsText = (runs: Array<{ text: string }>) => runs.map((r) => r.text).join('');

describe.each(databaseKinds())('cookies with chocolate chips on %s', (kind) => {
  let t: TestApp;
  let recipeId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const c = t.client();
    const make = async (body: Record<string, unknown>) => {
      const res = await c.post('/v1/ingredients', flourBody(body));
      expect(res.statusCode, res.body).toBe(201);
      return json(res).ingredient;
    };
    const flour = await make({
      name: 'Enriched wheat flour',
      allergens: { wheat: true },
      names: { de: 'Weizenmehl' },
      name_fr: 'Farine de blé enrichie',
    });
    const sugar = await make({ name: 'Sugar', names: { de: 'Zucker' }, name_fr: 'Sucre', description1: '1 cup', weight1: 200 });
    const butter = await make({ name: 'Butter', allergens: { milk: true }, names: { de: 'Butter' }, name_fr: 'Beurre' });
    const chips = await make({
      name: 'Chocolate chips',
      ingredient_list: CHIPS_LIST,
      allergens: { milk: true, soy: true },
      names: { de: 'Schokoladenstückchen' },
      ingredient_lists: { de: 'Zucker, Kakaomasse, Kakaobutter, Butterreinfett, Sojalecithin, Vanilleextrakt' },
      name_fr: 'Pépites de chocolat',
      ingredient_list_fr: 'sucre, chocolat, beurre de cacao, matière grasse laitière, lécithine de soja, extrait de vanille',
    });
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Chocolate chip cookies', servings: 24 } })).recipe;
    recipeId = recipe.id;
    for (const [id, grams] of [
      [flour.id, 205],
      [butter.id, 113],
      [sugar.id, 150],
      [chips.id, 170],
    ]) {
      const res = await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: id, total_grams: grams },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('US: the chips keep their name and their place by weight, their ingredients in parentheses, sugar once at the top level', async () => {
    const label = json(await t.client().get(`/v1/recipes/${recipeId}/label`)).label;
    expect(label.ingredient_statement).toBe(`Ingredients: Enriched wheat flour, Chocolate chips (${CHIPS_LIST}), Sugar, Butter`);
    expect(label.allergen_statement).toBe('Contains: Milk, Wheat, Soy');
  });

  it('Canada: the same, the sugars grouped beside the chips, in English and in French', async () => {
    const en = json(await t.client().get(`/v1/recipes/${recipeId}/label?language=en-CA`)).label;
    expect(en.ingredient_statement).toBe(`Ingredients: Enriched wheat flour, Chocolate chips (${CHIPS_LIST}), Sugars (sugar), Butter`);
    const fr = json(await t.client().get(`/v1/recipes/${recipeId}/label?language=fr-CA`)).label;
    expect(fr.ingredient_statement).toBe(
      'Ingrédients : Farine de blé enrichie, Pépites de chocolat (sucre, chocolat, beurre de cacao, matière grasse laitière, lécithine de soja, extrait de vanille), Sucres (sucre), Beurre',
    );
    expect(fr.allergen_statement).toBe('Contient : Lait, Blé, Soja');
  });

  it('EU (de-DE): milk emphasised at the butterfat, soy in the lecithin, nothing after the vanilla extract', async () => {
    const label = json(await t.client().get(`/v1/recipes/${recipeId}/label?language=de-DE`)).label;
    const runs = label.ingredient_statement_runs;
    expect(runsText(runs)).toBe(
      'Weizenmehl, Schokoladenstückchen (Zucker, Kakaomasse, Kakaobutter, Butterreinfett (Milch), Sojalecithin, Vanilleextrakt), Zucker, Butter (Milch)',
    );
    expect(emphasised(runs)).toEqual(['Weizen', 'Milch', 'Soja', 'Milch']);
    expect(runsText(runs)).not.toMatch(/Vanilleextrakt \(/);
  });

  it('EU (en-GB) and Australia: "milkfat (milk)" and "soy lecithin", never "vanilla extract (milk)"', async () => {
    for (const language of ['en-GB', 'en-AU']) {
      const label = json(await t.client().get(`/v1/recipes/${recipeId}/label?language=${language}`)).label;
      const text = runsText(label.ingredient_statement_runs);
      expect(text, language).toContain('Chocolate chips (sugar, chocolate, cocoa butter, milkfat (milk), soy lecithin, vanilla extract)');
      expect(emphasised(label.ingredient_statement_runs), language).toContain('soy');
      expect(text, language).not.toMatch(/vanilla extract \(milk\)|cocoa butter \(milk\)/);
    }
  });

  it('the old form, the whole entry as the list ("Chocolate chips (sugar, ...)"), prints as it always did', async () => {
    const c = t.client();
    const old = json(
      await c.post(
        '/v1/ingredients',
        flourBody({ name: 'Chips', ingredient_list: `Chocolate chips (${CHIPS_LIST})`, allergens: { milk: true, soy: true } }),
      ),
    ).ingredient;
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Chips only', servings: 1 } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: old.id, total_grams: 100 } });
    expect(json(await c.get(`/v1/recipes/${recipe.id}/label`)).label.ingredient_statement).toBe(
      `Ingredients: Chocolate chips (${CHIPS_LIST})`,
    );
    const gb = json(await c.get(`/v1/recipes/${recipe.id}/label?language=en-GB`)).label;
    expect(runsText(gb.ingredient_statement_runs)).toBe(
      'Chocolate chips (sugar, chocolate, cocoa butter, milkfat (milk), soy lecithin, vanilla extract)',
    );
  });
});
