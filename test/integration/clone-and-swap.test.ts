// POST /v1/recipes/{id}/clone_and_swap (docs/api.md#clone-and-swap) on every database: a dry run (the default)
// shows each would-be recipe's nutrition and label claims and writes nothing; a real run makes every
// recipe or none; refusals are 4xx in the contract shape and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences, type Snapshotter } from '../support/db-snapshot.js';
import { expectError } from '../support/error-shape.js';

const ENTRIES = 20;

describe.each(databaseKinds())('clone_and_swap on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  let template: any;
  let butterLine: number;
  let flourLine: number;
  let fats: number[];
  let foreign: number;
  let otherRecipeLine: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
    const c = t.client();
    const make = async (overrides: Record<string, unknown>) =>
      json(await c.post('/v1/ingredients', flourBody(overrides))).ingredient.id as number;
    const flour = await make({ name: 'Flour', allergens: { wheat: true } });
    const butter = await make({
      name: 'Butter',
      weight1: 100,
      calories: 717,
      fat: 81,
      fat_saturated: 51,
      cholesterol: 215,
      sodium: 11,
      allergens: { milk: true },
    });
    const sugar = await make({ name: 'Sugar', weight1: 100, calories: 387, fat: 0, sugar: 100, sodium: 0 });
    // Twenty fats to swap in, from none to a lot, some with a cup (1 cup = 200 g).
    fats = [];
    for (let i = 0; i < ENTRIES; i++) {
      fats.push(
        await make({
          name: `Fat ${i}`,
          description1: '1 cup',
          weight1: 200,
          calories: 18 * i,
          fat: 2 * i,
          fat_saturated: i / 2,
          cholesterol: 0,
          sodium: i,
        }),
      );
    }
    template = json(
      await c.post('/v1/recipes/shortcut', {
        recipe: {
          name: 'Shortbread',
          servings: 8,
          packages: 1,
          tags: ['cookies'],
          label_settings: { language: 'en-US', format: 'fda_vertical', racc_grams: 30 },
          recipe_ingredients: [
            { ingredient_id: flour, total_grams: 200 },
            { ingredient_id: butter, total_grams: 100, waste: 5 },
            { ingredient_id: sugar, total_grams: 50 },
          ],
        },
      }),
    ).recipe;
    const lines = json(await c.get(`/v1/recipes/${template.id}/recipe_ingredients`)).recipe.recipe_ingredients.map(
      (l: any) => l.recipe_ingredient,
    );
    flourLine = lines.find((l: any) => l.ingredient_id === flour).id;
    butterLine = lines.find((l: any) => l.ingredient_id === butter).id;
    foreign = json(await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'B private fat' }))).ingredient.id;
    const other = json(
      await c.post('/v1/recipes/shortcut', { recipe: { name: 'Other', ingredient_ids: `${flour}`, ingredient_weights: '10' } }),
    ).recipe;
    otherRecipeLine = json(await c.get(`/v1/recipes/${other.id}/recipe_ingredients`)).recipe.recipe_ingredients[0].recipe_ingredient.id;
  });
  afterAll(async () => {
    await snapshots?.close();
    await t?.close();
  });

  const post = (body: unknown, id = template.id, key = t.accountA.key) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/recipes/${id}/clone_and_swap`,
      payload: JSON.stringify(body),
      headers: { authorization: `Token token=${key}`, 'content-type': 'application/json' },
    });
  const entries = (prefix: string) => fats.map((id, i) => ({ name: `${prefix} ${i}`, ingredient_id: id }));
  const recipeCount = async () =>
    Number(
      (
        await t.db.handle.db
          .selectFrom('recipes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const labelOf = async (id: number) => json(await t.client().get(`/v1/recipes/${id}/label`)).label;

  it('dry run by default: 20 would-be recipes with nutrition and claims, nothing written', async () => {
    const before = await snapshots.take();
    const res = await post({ swap_recipe_ingredient_id: butterLine, entries: entries('Dry') });
    expect(res.statusCode).toBe(200);
    const out = json(res).clone_and_swap;
    expect(out).toMatchObject({ dry_run: true, template_id: template.id, swap_recipe_ingredient_id: butterLine });
    expect(out.recipes).toHaveLength(ENTRIES);
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    // flourBody leaves vitamin D and potassium unknown: the template's label is incomplete, and so are the copies'.
    const templateLabel = await labelOf(template.id);
    for (const [i, { recipe, label }] of out.recipes.entries()) {
      expect(recipe).toMatchObject({
        id: null,
        embed_token: null,
        primary_label: null,
        name: `Dry ${i}`,
        servings: 8,
        tags: ['cookies'],
        sku: null,
      });
      // Same grams as the swapped line (100 g, 5 % waste): only the fat's nutrients differ.
      expect(recipe.total_grams).toBeCloseTo(template.total_grams, 9);
      expect(recipe.net_grams).toBeCloseTo(template.net_grams, 9);
      expect(recipe.allergens).toEqual({ wheat: true });
      expect(label).toMatchObject({ language: 'en-US', format: 'fda_vertical', complete: templateLabel.complete });
      expect(label.warnings.map((w: any) => w.code)).toEqual(templateLabel.warnings.map((w: any) => w.code));
      expect(Array.isArray(label.claims)).toBe(true);
    }
    // More fat in, more fat per serving.
    const fatPerServing = out.recipes.map((r: any) => r.recipe.nutrition.fat);
    expect([...fatPerServing].sort((a, b) => a - b)).toEqual(fatPerServing);
    expect(fatPerServing[ENTRIES - 1]).toBeGreaterThan(fatPerServing[0]);
    // The template is as it was.
    expect(json(await t.client().get(`/v1/recipes/${template.id}`)).recipe.nutrition).toEqual(template.nutrition);
  });

  it('real run: 20 recipes in one call, each what the dry run showed, with the label claims of the label route', async () => {
    const dry = json(await post({ swap_recipe_ingredient_id: butterLine, entries: entries('Batch') })).clone_and_swap;
    const count = await recipeCount();
    const res = await post({ swap_recipe_ingredient_id: butterLine, entries: entries('Batch'), dry_run: false });
    expect(res.statusCode).toBe(201);
    const out = json(res).clone_and_swap;
    expect(out.dry_run).toBe(false);
    expect(out.recipes).toHaveLength(ENTRIES);
    expect(await recipeCount()).toBe(count + ENTRIES);
    for (const [i, { recipe, label }] of out.recipes.entries()) {
      expect(recipe.id).toBeGreaterThan(0);
      expect(recipe.name).toBe(`Batch ${i}`);
      expect(recipe.nutrition).toEqual(dry.recipes[i].recipe.nutrition);
      expect(label).toEqual(dry.recipes[i].label);
      const stored = json(await t.client().get(`/v1/recipes/${recipe.id}`)).recipe;
      expect(stored.nutrition).toEqual(recipe.nutrition);
      const lines = json(await t.client().get(`/v1/recipes/${recipe.id}/recipe_ingredients`)).recipe.recipe_ingredients.map(
        (l: any) => l.recipe_ingredient,
      );
      expect(lines.map((l: any) => l.ingredient_id)).toContain(fats[i]);
      expect(lines.find((l: any) => l.ingredient_id === fats[i])).toMatchObject({ total_grams: 100, waste: 5, unit: '1 gram' });
      const shown = await labelOf(recipe.id);
      expect(label.claims).toEqual(shown.claims);
    }
    // The claims differ between a fat-free swap and a fatty one (21 CFR 101.62).
    expect(out.recipes[0].label.claims).not.toEqual(out.recipes[ENTRIES - 1].label.claims);
  });

  it("takes quantity and unit: a unit of the new ingredient, or the swapped line's unit for a bare quantity", async () => {
    const res = await post({
      swap_recipe_ingredient_id: butterLine,
      entries: [
        { name: 'Two cups', ingredient_id: fats[3], quantity: 2, unit: 'cup' },
        { name: 'Fifty grams', ingredient_id: fats[4], quantity: 50 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [cups, grams] = json(res).clone_and_swap.recipes.map((r: any) => r.recipe);
    expect(cups.total_grams).toBeCloseTo(template.total_grams - 100 + 400, 9);
    expect(grams.total_grams).toBeCloseTo(template.total_grams - 100 + 50, 9);
  });

  it('takes a Rails form body with dry_run=false', async () => {
    const form = [
      `clone_and_swap[swap_recipe_ingredient_id]=${flourLine}`,
      'clone_and_swap[dry_run]=false',
      'clone_and_swap[entries][0][name]=Form one',
      `clone_and_swap[entries][0][ingredient_id]=${fats[1]}`,
      'clone_and_swap[entries][1][name]=Form two',
      `clone_and_swap[entries][1][ingredient_id]=${fats[2]}`,
      'clone_and_swap[entries][1][quantity]=1',
      'clone_and_swap[entries][1][unit]=cup',
    ].join('&');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recipes/${template.id}/clone_and_swap`,
      payload: form,
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(201);
    const made = json(res).clone_and_swap.recipes.map((r: any) => r.recipe);
    expect(made.map((r: any) => r.name)).toEqual(['Form one', 'Form two']);
    expect(made[1].total_grams).toBeCloseTo(template.total_grams - 200 + 200, 9);
    expect(made[0].allergens).toEqual({ milk: true });
  });

  const refusals: Array<[string, () => unknown, number, string[]]> = [
    [
      'an unknown ingredient in the 14th of 20 entries',
      () => ({
        swap_recipe_ingredient_id: butterLine,
        dry_run: false,
        entries: entries('Never').map((e, i) => (i === 13 ? { ...e, ingredient_id: 2_000_000_000 } : e)),
      }),
      422,
      ['entries[13].ingredient_id'],
    ],
    [
      "another account's private ingredient",
      () => ({
        swap_recipe_ingredient_id: butterLine,
        dry_run: false,
        entries: [...entries('Never'), { name: 'Stolen', ingredient_id: foreign }].slice(1),
      }),
      422,
      ['entries[19].ingredient_id'],
    ],
    [
      'a unit the new ingredient lacks',
      () => ({
        swap_recipe_ingredient_id: butterLine,
        dry_run: false,
        entries: entries('Never').map((e, i) => (i === 5 ? { ...e, unit: 'large egg', quantity: 1 } : e)),
      }),
      422,
      ['entries[5].unit'],
    ],
    [
      'a line of another recipe',
      () => ({ swap_recipe_ingredient_id: otherRecipeLine, dry_run: false, entries: entries('Never') }),
      422,
      ['swap_recipe_ingredient_id'],
    ],
    [
      'wrong types in entries',
      () => ({
        swap_recipe_ingredient_id: butterLine,
        dry_run: false,
        entries: [{ name: 'Never', ingredient_id: 'abc', quantity: 'lots' }, 'x', { ingredient_id: fats[0] }],
      }),
      422,
      ['entries[0].ingredient_id', 'entries[0].quantity', 'entries[1]', 'entries[2].name'],
    ],
    ['no entries', () => ({ swap_recipe_ingredient_id: butterLine, dry_run: false, entries: [] }), 422, ['entries']],
    [
      '101 entries',
      () => ({
        swap_recipe_ingredient_id: butterLine,
        dry_run: false,
        entries: Array.from({ length: 101 }, (_, i) => ({ name: `N${i}`, ingredient_id: fats[0] })),
      }),
      422,
      ['entries'],
    ],
    // A single form value is a list of one (docs/api.md#request-bodies): here, one that is not an object.
    [
      'entries not a list, no line id',
      () => ({ entries: 'all of them', dry_run: false }),
      422,
      ['entries[0]', 'swap_recipe_ingredient_id'],
    ],
    [
      'a negative quantity and a too long name',
      () => ({
        swap_recipe_ingredient_id: butterLine,
        dry_run: false,
        entries: [{ name: 'n'.repeat(256), ingredient_id: fats[0], quantity: -1 }],
      }),
      422,
      ['entries[0].name', 'entries[0].quantity'],
    ],
  ];

  it.each(refusals)('refuses %s with %s and writes nothing', async (_what, body, status, fields) => {
    const before = await snapshots.take();
    const res = await post(body());
    const error = expectError(res, status, 'ValidationFailed');
    expect(Object.keys(error.errors as object).sort()).toEqual([...fields].sort());
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });

  it("is 404 for an unknown template and for another account's, and 400 for a body that is not JSON", async () => {
    const before = await snapshots.take();
    expectError(await post({ swap_recipe_ingredient_id: butterLine, entries: entries('Never'), dry_run: false }, 999_999), 404, 'NotFound');
    expectError(
      await post(
        { swap_recipe_ingredient_id: butterLine, entries: [{ name: 'Never', ingredient_id: fats[0] }], dry_run: false },
        template.id,
        t.accountB.key,
      ),
      404,
      'NotFound',
    );
    expectError(await post({ swap_recipe_ingredient_id: butterLine, entries: entries('Never'), dry_run: false }, 'abc'), 404, 'NotFound');
    const broken = await t.app.inject({
      method: 'POST',
      url: `/v1/recipes/${template.id}/clone_and_swap`,
      payload: '{"entries": [',
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json' },
    });
    expectError(broken, 400, 'MalformedBody');
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });
});
