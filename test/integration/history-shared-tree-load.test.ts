// An ingredient many recipes use gives each a revision from one shared load (services/history
// record.ts recordRevisions): each recipe's tree taken out of it must be exactly the tree loaded for
// that recipe alone, or revisions would list changes nobody made; and an ingredient or cost write
// patches each recipe's latest revision (ingredient-change.ts) to what its whole tree now is. Checked on a nest of subrecipes,
// shared ingredients and a recipe outside the nest, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costEntriesOf } from '../../src/db/repositories/history/index.js';
import { loadRecipeGraph } from '../../src/db/repositories/recipes-graph.js';
import { encodeSnapshot } from '../../src/services/history/parts.js';
import { snapshotOf, subtreeOf } from '../../src/services/history/snapshot.js';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('one shared tree load for several revisions on %s', (kind) => {
  let t: TestApp;
  let api: Client;
  const recipes: number[] = [];
  let salt: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    api = t.client();
    salt = json(await api.post('/v1/ingredients', flourBody({ name: 'Salt', sodium: 400 }))).ingredient.id;
    const flour = json(await api.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
    const shortcut = async (name: string, lines: object[]) =>
      json(await api.post('/v1/recipes/shortcut', { recipe: { name, servings: 2, recipe_ingredients: lines } })).recipe.id as number;
    const base = await shortcut('Base', [{ ingredient_id: salt, total_grams: 5 }]);
    const baseIngredient = json(await api.post(`/v1/recipes/${base}/create_subrecipe`)).ingredient.id;
    const middle = await shortcut('Middle', [
      { ingredient_id: baseIngredient, total_grams: 50 },
      { ingredient_id: flour, total_grams: 100 },
    ]);
    const middleIngredient = json(await api.post(`/v1/recipes/${middle}/create_subrecipe`)).ingredient.id;
    const top = await shortcut('Top', [
      { ingredient_id: middleIngredient, total_grams: 80 },
      { ingredient_id: salt, total_grams: 1 },
    ]);
    const apart = await shortcut('Apart', [{ ingredient_id: salt, total_grams: 2 }]);
    await api.post('/v1/ingredient_costs', { ingredient_cost: { ingredient_id: salt, quantity: 1, unit: 'kg', price: 2 } });
    recipes.push(base, middle, top, apart);
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes out of the shared load exactly what each recipe alone loads', async () => {
    const db = t.db.handle.db;
    const accountId = t.accountA.id;
    const shared = await loadRecipeGraph(db, accountId, recipes);
    for (const recipeId of recipes) {
      const alone = await loadRecipeGraph(db, accountId, [recipeId]);
      const taken = subtreeOf(shared, accountId, recipeId);
      expect(new Set(taken.recipes.keys())).toEqual(new Set(alone.recipes.keys()));
      expect(new Set(taken.ingredients.keys())).toEqual(new Set(alone.ingredients.keys()));
      expect(encodeSnapshot(snapshotOf(recipeId, taken, [])).manifest).toEqual(encodeSnapshot(snapshotOf(recipeId, alone, [])).manifest);
    }
  });

  // What a revision written now from the whole tree would store, against what the latest one stores.
  const wholeTreeManifest = async (recipeId: number) => {
    const db = t.db.handle.db;
    const graph = await loadRecipeGraph(db, t.accountA.id, [recipeId]);
    const costs = await costEntriesOf(db, t.accountA.id, [...graph.ingredients.keys()]);
    return sorted(encodeSnapshot(snapshotOf(recipeId, graph, costs)).manifest);
  };
  const latestManifest = async (recipeId: number) => {
    const row = await t.db.handle.db
      .selectFrom('recipe_revisions')
      .select('manifest')
      .where('recipe_id', '=', recipeId)
      .orderBy('number', 'desc')
      .executeTakeFirstOrThrow();
    return sorted(JSON.parse(row.manifest));
  };
  const sorted = (manifest: Record<string, string>) => Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));

  it('an ingredient write patches each revision to exactly the tree as it now stands, naming only that change', async () => {
    await api.put(`/v1/ingredients/${salt}`, { sodium: 800 });
    for (const recipeId of recipes) {
      const [latest] = json(await api.get(`/v1/recipes/${recipeId}/revisions`)).map((r: any) => r.revision);
      expect(latest.changes.map((c: any) => [c.field, c.ingredient_id])).toEqual([['sodium', salt]]);
      expect(await latestManifest(recipeId)).toEqual(await wholeTreeManifest(recipeId));
    }
  });

  it("a subrecipe ingredient's own fields patch the revisions of the recipes above it exactly too", async () => {
    // Top's lines: Middle's subrecipe ingredient and salt.
    const lines = json(await api.get(`/v1/recipes/${recipes[2]}/recipe_ingredients`)).recipe.recipe_ingredients as any[];
    const id = lines.map((line) => line.recipe_ingredient.ingredient_id as number).find((ingredientId) => ingredientId !== salt)!;
    expect(json(await api.get(`/v1/ingredients/${id}`)).ingredient.subrecipe).toBe(true);
    const res = await api.put(`/v1/ingredients/${id}`, { brand: 'House' });
    expect(res.statusCode, res.body).toBe(200);
    for (const recipeId of recipes) expect(await latestManifest(recipeId)).toEqual(await wholeTreeManifest(recipeId));
    const [latest] = json(await api.get(`/v1/recipes/${recipes[2]}/revisions`)).map((r: any) => r.revision);
    expect(latest.changes.map((c: any) => [c.field, c.ingredient_id])).toEqual([['brand', id]]);
  });

  it('cost writes patch them too: an entry added, changed and deleted', async () => {
    const res = await api.post('/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id: salt, quantity: 2, unit: 'kg', price: 3, effective_at: '2026-06-01' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const costId = json(res).ingredient_cost.id;
    const fieldsOf = async (recipeId: number) =>
      json(await api.get(`/v1/recipes/${recipeId}/revisions`))[0].revision.changes.map((c: any) => c.field);
    for (const recipeId of recipes) {
      expect(await fieldsOf(recipeId)).toEqual(['cost']);
      expect(await latestManifest(recipeId)).toEqual(await wholeTreeManifest(recipeId));
    }
    expect((await api.put(`/v1/ingredient_costs/${costId}`, { price: 4 })).statusCode).toBe(200);
    for (const recipeId of recipes) {
      expect(await fieldsOf(recipeId)).toEqual(['price']);
      expect(await latestManifest(recipeId)).toEqual(await wholeTreeManifest(recipeId));
    }
    expect((await api.delete(`/v1/ingredient_costs/${costId}`)).statusCode).toBeLessThan(300);
    for (const recipeId of recipes) {
      expect(await fieldsOf(recipeId)).toEqual(['cost']);
      expect(await latestManifest(recipeId)).toEqual(await wholeTreeManifest(recipeId));
    }
  });
});
