// Regression: applied spreadsheet imports and clone_and_swap wrote ingredients, cost entries and
// recipes with no audit event and no revision (docs/api.md#history: every write of the account is an
// audit event; every change to a recipe's tree a revision). An import that changed an ingredient left
// the recipes using it with a revision that no longer said how they stood, and ingredient writes
// patch the latest revision (services/history/ingredient-change.ts), so the gap would have lasted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costEntriesOf } from '../../src/db/repositories/history/index.js';
import { loadRecipeGraph } from '../../src/db/repositories/recipes-graph.js';
import { encodeSnapshot } from '../../src/services/history/parts.js';
import { snapshotOf } from '../../src/services/history/snapshot.js';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('bulk writes in history on %s', (kind) => {
  let t: TestApp;
  let api: Client;
  let salt: number;
  let flour: number;
  let bread: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    api = t.client();
    salt = json(await api.post('/v1/ingredients', flourBody({ name: 'Salt', sodium: 400 }))).ingredient.id;
    flour = json(await api.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
    await api.post('/v1/ingredients', flourBody({ name: 'Butter' }));
    bread = json(
      await api.post('/v1/recipes/shortcut', {
        recipe: {
          name: 'Bread',
          servings: 2,
          recipe_ingredients: [
            { ingredient_id: salt, total_grams: 5 },
            { ingredient_id: flour, total_grams: 100 },
          ],
        },
      }),
    ).recipe.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const revisions = async (id: number) => json(await api.get(`/v1/recipes/${id}/revisions`)).map((r: any) => r.revision);
  const audit = async () => json(await api.get('/v1/audit_events')).map((e: any) => e.audit_event);
  const latestIsTheTree = async (recipeId: number) => {
    const db = t.db.handle.db;
    const graph = await loadRecipeGraph(db, t.accountA.id, [recipeId]);
    const costs = await costEntriesOf(db, t.accountA.id, [...graph.ingredients.keys()]);
    const whole = encodeSnapshot(snapshotOf(recipeId, graph, costs)).manifest;
    const row = await db
      .selectFrom('recipe_revisions')
      .select('manifest')
      .where('recipe_id', '=', recipeId)
      .orderBy('number', 'desc')
      .executeTakeFirstOrThrow();
    const sorted = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));
    expect(sorted(JSON.parse(row.manifest))).toEqual(sorted(whole));
  };

  it('an ingredients import: a revision of the recipes using them, and an audit event', async () => {
    const before = (await revisions(bread)).length;
    const res = await uploadSheet(t, `id,name,sodium\n${salt},Salt,900\n`, { kind: 'ingredients', dryRun: false });
    expect(json(res).import).toMatchObject({ status: 'applied', updated: 1 });
    const [latest] = await revisions(bread);
    expect(await revisions(bread)).toHaveLength(before + 1);
    expect(latest.changes.map((c: any) => [c.field, c.ingredient_id])).toEqual([['sodium', salt]]);
    expect((await audit())[0]).toMatchObject({ action: 'update', resource: 'ingredient', fields: ['sodium'] });
    await latestIsTheTree(bread);
  });

  it('a dry run records nothing', async () => {
    const [revisionCount, auditCount] = [(await revisions(bread)).length, (await audit()).length];
    await uploadSheet(t, `id,name,sodium\n${salt},Salt,100\n`, { kind: 'ingredients' });
    expect((await revisions(bread)).length).toBe(revisionCount);
    expect((await audit()).length).toBe(auditCount);
  });

  it('a cost import and a recipes import: revisions naming the entry and the line', async () => {
    await uploadSheet(t, 'ingredient_name,effective_at,unit,quantity,price\nSalt,2026-01-01,1 kg,1,2.4\n', {
      kind: 'ingredient_costs',
      dryRun: false,
    });
    expect((await revisions(bread))[0].changes.map((c: any) => c.field)).toEqual(['cost']);
    expect((await audit())[0]).toMatchObject({ action: 'create', resource: 'ingredient_cost' });
    await latestIsTheTree(bread);
    // A later single write patches on top of the imports and still matches the whole tree.
    expect((await api.put(`/v1/ingredients/${flour}`, { sodium: 7 })).statusCode).toBe(200);
    await latestIsTheTree(bread);
    const lines = await uploadSheet(
      t,
      `id,recipe_name,ingredient_name,quantity,unit\n${bread},Bread,Salt,6,1 gram\n${bread},Bread,Flour,100,1 gram\n`,
      { kind: 'recipes', dryRun: false },
    );
    expect(json(lines).import.status, lines.body).toBe('applied');
    expect((await audit())[0]).toMatchObject({ resource: 'recipe' });
    expect((await revisions(bread))[0].changes.length).toBeGreaterThan(0);
    await latestIsTheTree(bread);
  });

  it('clone_and_swap: each new recipe has its first revision, and the account an audit event', async () => {
    const butter = json(await api.get('/v1/ingredients?per_page=50')).find((e: any) => e.ingredient.name === 'Butter').ingredient.id;
    const line = json(await api.get(`/v1/recipes/${bread}/recipe_ingredients`)).recipe.recipe_ingredients.find(
      (l: any) => l.recipe_ingredient.ingredient_id === salt,
    ).recipe_ingredient.id;
    const res = await api.post(`/v1/recipes/${bread}/clone_and_swap`, {
      swap_recipe_ingredient_id: line,
      entries: [{ name: 'Butter bread', ingredient_id: butter }],
      dry_run: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = json(res).clone_and_swap.recipes[0].recipe.id;
    expect((await revisions(made)).map((r: any) => r.number)).toEqual([1]);
    expect((await audit())[0]).toMatchObject({ action: 'create', resource: 'recipe' });
    await latestIsTheTree(made);
  });
});
