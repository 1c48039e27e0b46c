// Regression: an applied spreadsheet import that created and updated records left one audit event
// with `resource_id` null and the union of the columns, so the audit trail could not say which
// records the import wrote (docs/api.md#history: every write of the account is an event). Now every record
// an import creates or updates is an event of its own with its id, its action and its columns, and
// the recipes it changed still get one revision each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('import audit events on %s', (kind) => {
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
    bread = json(
      await api.post('/v1/recipes/shortcut', {
        recipe: { name: 'Bread', servings: 2, recipe_ingredients: [{ ingredient_id: salt, total_grams: 5 }] },
      }),
    ).recipe.id;
  });
  afterAll(() => t.close());

  /** The audit events written since `after` (an event id), oldest first. */
  const eventsAfter = async (after: number) =>
    json(await api.get('/v1/audit_events?per_page=100'))
      .map((e: any) => e.audit_event)
      .filter((e: any) => e.id > after)
      .reverse();
  const lastEventId = async () => json(await api.get('/v1/audit_events?per_page=1'))[0]?.audit_event.id ?? 0;

  it('an ingredients import that creates two and updates two: four events, each with its id', async () => {
    const since = await lastEventId();
    const revisionsBefore = json(await api.get(`/v1/recipes/${bread}/revisions`)).length;
    // Blank cells clear text and number fields: the rows that update repeat the values they keep.
    const sheet = [
      'name,brand,sodium,food,non_food,description1,weight1',
      'Salt,,900,,,1 cup,125',
      'Flour,Mill,2,,,1 cup,125',
      'Box,,,false,packaging,1 box,10',
      'Bag,Paper Co,,false,packaging,1 bag,5',
    ].join('\n');
    const res = await uploadSheet(t, sheet, { kind: 'ingredients', dryRun: false });
    const report = json(res).import;
    expect(report, res.body).toMatchObject({ status: 'applied', created: 2, updated: 2 });
    const id = (name: string) => report.changes.find((c: any) => c.name === name).id;
    const events = await eventsAfter(since);
    expect(events.map((e: any) => [e.action, e.resource, e.resource_id, e.fields])).toEqual([
      ['update', 'ingredient', salt, ['sodium']],
      ['update', 'ingredient', flour, ['brand']],
      ['create', 'ingredient', id('Box'), ['name', 'food', 'non_food', 'description1', 'weight1']],
      ['create', 'ingredient', id('Bag'), ['name', 'brand', 'food', 'non_food', 'description1', 'weight1']],
    ]);
    expect(events.every((e: any) => e.request_id === res.headers['x-request-id'])).toBe(true);
    // The recipe using Salt: one revision for the whole import.
    expect(json(await api.get(`/v1/recipes/${bread}/revisions`))).toHaveLength(revisionsBefore + 1);
  });

  it('a costs import and a recipes import: one event per entry and per recipe, each with its id', async () => {
    let since = await lastEventId();
    const costs = json(
      await uploadSheet(t, 'ingredient_name,effective_at,unit,quantity,price\nSalt,2026-01-01,1 kg,1,2.4\nFlour,2026-01-01,1 kg,1,1.1\n', {
        kind: 'ingredient_costs',
        dryRun: false,
      }),
    ).import;
    expect(costs).toMatchObject({ status: 'applied', created: 2 });
    expect((await eventsAfter(since)).map((e: any) => [e.action, e.resource, e.resource_id])).toEqual(
      costs.changes.map((c: any) => ['create', 'ingredient_cost', c.id]),
    );

    since = await lastEventId();
    const recipes = json(
      await uploadSheet(t, `id,recipe_name,servings,ingredient_name,total_grams\n${bread},Bread,3,Salt,5\n,Roll,1,Flour,50\n`, {
        kind: 'recipes',
        dryRun: false,
      }),
    ).import;
    expect(recipes).toMatchObject({ status: 'applied', created: 1, updated: 1 });
    const roll = recipes.changes.find((c: any) => c.name === 'Roll').id;
    expect((await eventsAfter(since)).map((e: any) => [e.action, e.resource, e.resource_id, e.fields])).toEqual([
      ['update', 'recipe', bread, ['servings']],
      ['create', 'recipe', roll, ['recipe_name', 'servings', 'ingredient_name', 'total_grams']],
    ]);
  });

  it('a dry run and a failed import record no event', async () => {
    const since = await lastEventId();
    await uploadSheet(t, 'name,sodium\nPepper,1\n', { kind: 'ingredients' });
    await uploadSheet(t, 'name,sodium\nPepper,1\nCumin,lots\n', { kind: 'ingredients', dryRun: false });
    expect(await eventsAfter(since)).toEqual([]);
  });
});
