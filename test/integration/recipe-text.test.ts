// Recipes as people write them (docs/api.md#recipe-text) through the real app, on every database: a parse
// reads, matches (own ingredients first, then the library) and weighs each line and writes nothing;
// from_text makes the recipe and its lines in one transaction with one revision and one audit event,
// with choices, skip, dry_run, sections as subrecipes and Idempotency-Key; an unmatched line is 422
// UnresolvedLines with the parse; bad input is 422 naming the field; another account's ingredients are
// never matched, named or usable. The library here is a few foods with USDA's names and household
// measures; test/integration/recipe-text-accuracy.test.ts runs the real SR28 and Foundation foods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { weighLineWith } from '../../src/services/recipe-text/index.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences, type Snapshotter } from '../support/db-snapshot.js';
import { idempotentPost } from '../support/idempotent.js';

/** A library food: nutrients per 100 g, household measures as unit slots (as the SR28 importer writes them). */
function food(name: string, measures: Array<[string, number]>, nutrients: Record<string, number> = {}) {
  const slots = Object.fromEntries(
    measures.flatMap(([d, w], i) => [
      [`description${i + 1}`, d],
      [`weight${i + 1}`, w],
    ]),
  );
  return {
    ...flourBody({ name, ...nutrients }),
    ...slots,
    weight1: measures[0]?.[1] ?? 100,
    description1: measures[0]?.[0] ?? '100 gram',
    source: `usda-sr28:${name.length}`,
  };
}

const LIBRARY = [
  food('Wheat flour, white, all-purpose, enriched, bleached', [['1 cup', 125]]),
  food('Butter, without salt', [
    ['1 tbsp', 14.2],
    ['1 cup', 227],
    ['1 stick', 113],
    ['1 pat (1" sq, 1/3" high)', 5],
  ]),
  food('Butter, salted', [
    ['1 tbsp', 14.2],
    ['1 cup', 227],
    ['1 stick', 113],
  ]),
  food('Egg, whole, raw, fresh', [
    ['1 cup (4.86 large eggs)', 243],
    ['1 large', 50],
    ['1 medium', 44],
    ['1 extra large', 56],
  ]),
  food('Sugars, granulated', [
    ['1 tsp', 4.2],
    ['1 cup', 200],
  ]),
  food('Sugars, powdered', [
    ['1 cup unsifted', 120],
    ['1 tbsp unsifted', 8],
  ]),
  food('Salt, table', [['1 tsp', 6]]),
  food('Vanilla extract', [
    ['1 tsp', 4.2],
    ['1 tbsp', 13],
  ]),
  food('Milk, whole, 3.25% milkfat, with added vitamin D', [['1 cup', 244]]),
];

describe.each(databaseKinds())('recipe text on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  let ownFlour: number;
  let secret: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    expect((await importPublicIngredients(t.ctx, LIBRARY)).created).toBe(LIBRARY.length);
    ownFlour = json(await t.client().post('/v1/ingredients', flourBody({ name: 'House flour blend' }))).ingredient.id;
    // Account B's private ingredient, named like a line of A's recipes.
    secret = json(await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'Mascarpone' }))).ingredient.id;
    snapshots = await databaseSnapshotter(t.db);
  }, 60_000);
  afterAll(() => t?.close());

  const parse = (body: Record<string, unknown>, as: 'json' | 'form' = 'json') => t.client().post('/v1/recipe_text/parse', body, as);

  it('reads each line into amount, unit, size, food and comment, and matches and weighs it', async () => {
    const before = await snapshots.take();
    const r = await parse({
      text: 'For the cookies:\n2 1/4 cups all-purpose flour\n1 cup (2 sticks) unsalted butter, softened\n\n2 large eggs\n1½ tsp vanilla\nSalt to taste\n3-4 cups flour',
    });
    expect(r.statusCode).toBe(200);
    const body = json(r);
    expect(body.sections).toEqual([{ title: 'For the cookies', first_line: 1 }]);
    const byLine = Object.fromEntries(body.lines.map((l: any) => [l.line, l]));
    expect(byLine[1]).toMatchObject({ status: 'section', name: 'For the cookies' });
    expect(byLine[2]).toMatchObject({ quantity: 2.25, unit: 'cup', name: 'all-purpose flour', status: 'matched' });
    expect(byLine[2].match).toMatchObject({
      name: 'Wheat flour, white, all-purpose, enriched, bleached',
      unit: '1 cup',
      quantity: 2.25,
      grams: 281.25,
      grams_from: 'unit',
    });
    expect(byLine[3]).toMatchObject({ quantity: 1, unit: 'cup', name: 'unsalted butter', comment: '2 sticks, softened' });
    expect(byLine[3].match).toMatchObject({ name: 'Butter, without salt', grams: 227 });
    // The blank line 4 is not a line of the answer; numbering follows the text.
    expect(byLine[4]).toBeUndefined();
    expect(byLine[5]).toMatchObject({ quantity: 2, unit: null, size: 'large', name: 'eggs' });
    expect(byLine[5].match).toMatchObject({ name: 'Egg, whole, raw, fresh', unit: '1 large', grams: 100, grams_from: 'count' });
    expect(byLine[6].match).toMatchObject({ name: 'Vanilla extract', grams: 6.3 });
    expect(byLine[7]).toMatchObject({ quantity: null, status: 'no_quantity', comment: 'to taste' });
    expect(byLine[7].match).toMatchObject({ name: 'Salt, table', grams: null });
    expect(byLine[7].warnings.map((w: any) => w.code)).toContain('excluded_no_quantity');
    expect(byLine[8]).toMatchObject({ quantity: 3, quantity_max: 4, unit: 'cup' });
    expect(byLine[8].match.grams).toBe(437.5);
    expect(byLine[8].warnings.map((w: any) => w.code)).toContain('range_midpoint');
    expect(body.unresolved).toBe(0);
    expect(body.total_grams).toBeCloseTo(281.25 + 227 + 100 + 6.3 + 437.5, 6);
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });

  it('takes lines as a list and form bodies, under /api/v1 too', async () => {
    const listed = json(await parse({ lines: ['1 cup sugar', '2 tbsp butter'] }));
    expect(listed.lines.map((l: any) => [l.line, l.match?.name, l.match?.grams])).toEqual([
      [1, 'Sugars, granulated', 200],
      [2, expect.stringMatching(/^Butter, /), 28.4],
    ]);
    const form = await t.client().post('/api/v1/recipe_text/parse', { text: '1 cup milk', language: 'en-GB' }, 'form');
    expect(form.statusCode).toBe(200);
    expect(json(form).lines[0].match).toMatchObject({ name: 'Milk, whole, 3.25% milkfat, with added vitamin D', grams: 244 });
  });

  it('reads British wording and measures in en-GB and en-AU', async () => {
    const gb = json(await parse({ text: '1 pint whole milk\n100g icing sugar', language: 'en-GB' }));
    expect(gb.lines[0].match.grams).toBeCloseTo((244 * 568.26125) / 236.5882365, 3);
    expect(gb.lines[0].warnings.map((w: any) => w.code)).toContain('measure_size');
    expect(gb.lines[1].match).toMatchObject({ name: 'Sugars, powdered', grams: 100 });
    const au = json(await parse({ text: '1 tbsp sugar', language: 'en-AU' }));
    // 20 mL at sugar's density from its teaspoon measure (4.2 g).
    expect(au.lines[0].match.grams).toBeCloseTo((4.2 / 4.92892159375) * 20, 3);
  });

  it("matches the account's own ingredients first, as search ranks them", async () => {
    const r = json(await parse({ text: '2 cups house flour blend\n1 cup flour\n1 cup all-purpose flour' }));
    expect(r.lines[0].match).toMatchObject({ ingredient_id: ownFlour, name: 'House flour blend', source: null, grams: 250 });
    // An own ingredient holding every word of the line comes before the library (docs/api.md#search, class 1).
    expect(r.lines[1].match.ingredient_id).toBe(ownFlour);
    // One that lacks a word of the line does not.
    expect(r.lines[2].match.name).toBe('Wheat flour, white, all-purpose, enriched, bleached');
  });

  it("never matches, names or offers another account's ingredient", async () => {
    const r = json(await parse({ text: '1 cup mascarpone' }));
    const named = JSON.stringify(r);
    expect(named).not.toContain(String(secret));
    expect(r.lines[0].status).toBe('unmatched');
    expect(r.lines[0].match).toBeNull();
    // B sees its own.
    const b = json(await t.client(t.accountB.key).post('/v1/recipe_text/parse', { text: '1 cup mascarpone' }));
    expect(b.lines[0].match).toMatchObject({ ingredient_id: secret });
  });

  it("weighs a line by an ingredient the user picks (the studio's change of a match), its own or the library's only", async () => {
    const caller = { accountId: t.accountA.id, keyId: 0 };
    expect(await weighLineWith(t.ctx, caller, { line: '2 cups flour', ingredient_id: ownFlour })).toMatchObject({
      ingredient_id: ownFlour,
      unit: '1 cup',
      quantity: 2,
      grams: 250,
      grams_from: 'unit',
    });
    await expect(weighLineWith(t.ctx, caller, { line: '2 cups flour', ingredient_id: secret })).rejects.toMatchObject({
      status: 422,
      errors: { ingredient_id: [expect.any(String)] },
    });
  });

  it('sees a food the library gains at the next parse (its version moves with every library write)', async () => {
    const before = json(await parse({ text: '1 cup quark' })).lines[0];
    expect(before.status).toBe('unmatched');
    expect((await importPublicIngredients(t.ctx, [food('Cheese, quark', [['1 cup', 240]])])).created).toBe(1);
    const after = json(await parse({ text: '1 cup quark' })).lines[0];
    expect(after).toMatchObject({ status: 'matched', match: { name: 'Cheese, quark', grams: 240 } });
  });

  describe('from_text', () => {
    const create = (body: Record<string, unknown>, as: 'json' | 'form' = 'json') => t.client().post('/v1/recipes/from_text', body, as);

    it('creates the recipe and its lines with one revision and one audit event', async () => {
      const auditBefore = json(await t.client().get('/v1/audit_events?per_page=20')).length;
      const r = await create({
        recipe: { name: 'Sugar cookies', servings: 12 },
        text: '2 1/4 cups all-purpose flour\n1 cup unsalted butter\n2 large eggs\n3/4 cup sugar\nSalt to taste',
      });
      expect(r.statusCode).toBe(201);
      const body = json(r);
      expect(body.dry_run).toBe(false);
      expect(body.recipe).toMatchObject({ name: 'Sugar cookies', servings: 12, recipe_ingredients_count: 4 });
      expect(body.recipe.total_grams).toBeCloseTo(281.25 + 227 + 100 + 150, 6);
      expect(body.lines).toHaveLength(5);
      const id = body.recipe.id;
      const lines = json(await t.client().get(`/v1/recipes/${id}/recipe_ingredients`)).recipe.recipe_ingredients;
      expect(lines.map((l: any) => [l.recipe_ingredient.unit, l.recipe_ingredient.quantity])).toEqual([
        ['1 cup', 2.25],
        ['1 cup', 1],
        ['1 large', 2],
        ['1 cup', 0.75],
      ]);
      expect(json(await t.client().get(`/v1/recipes/${id}/revisions`))).toHaveLength(1);
      const audit = json(await t.client().get('/v1/audit_events?per_page=20'));
      expect(audit.length - auditBefore).toBe(1);
      expect(audit[0].audit_event).toMatchObject({ action: 'create', resource: 'recipe', resource_id: id });
    });

    it('is 422 UnresolvedLines with the parse while a line matches no food, and writes nothing', async () => {
      const before = await snapshots.take();
      const r = await create({ recipe: { name: 'Tiramisu' }, text: '1 cup mascarpone\n2 large eggs' });
      expect(r.statusCode).toBe(422);
      const body = json(r);
      expect(body).toMatchObject({ error: 'UnresolvedLines', unresolved: 1 });
      expect(body.errors.choices[0]).toMatch(/line 1/);
      expect(body.lines[0]).toMatchObject({ line: 1, status: 'unmatched', match: null });
      expect(body.request_id).toBe(r.headers['x-request-id']);
      expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    });

    it('takes choices (an ingredient with grams, or the line weighed by it) and skip', async () => {
      const own = json(
        await t.client().post('/v1/ingredients', flourBody({ name: 'Cream cheese, our supplier', description1: '1 cup', weight1: 232 })),
      ).ingredient.id;
      const r = await create({
        recipe: { name: 'Tiramisu' },
        text: '1 cup mascarpone\n2 large eggs\n1 tbsp cocoa\nSalt to taste',
        choices: [
          { line: 1, ingredient_id: own },
          { line: 4, ingredient_id: json(await parse({ text: 'salt to taste' })).lines[0].match.ingredient_id, grams: 1.5 },
        ],
        skip: [3],
      });
      expect(r.statusCode).toBe(201);
      const lines = json(await t.client().get(`/v1/recipes/${json(r).recipe.id}/recipe_ingredients`)).recipe.recipe_ingredients;
      expect(lines.map((l: any) => [l.recipe_ingredient.ingredient_id, l.recipe_ingredient.total_grams])).toEqual([
        [own, 232],
        [expect.any(Number), 100],
        [expect.any(Number), 1.5],
      ]);
    });

    it('answers a dry run with what would be made and writes nothing', async () => {
      const before = await snapshots.take();
      const r = await create({ recipe: { name: 'Dry', servings: 2 }, text: '1 cup sugar\n1 cup milk', dry_run: true });
      expect(r.statusCode).toBe(200);
      expect(json(r)).toMatchObject({ dry_run: true, recipe: { id: null, name: 'Dry', recipe_ingredients_count: 2, total_grams: 444 } });
      expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    });

    it('makes each section a subrecipe on request', async () => {
      const r = await create(
        {
          recipe: { name: 'Carrot cake' },
          text: '2 cups flour\n1 cup sugar\nFor the icing:\n2 cups powdered sugar\n1/2 cup butter',
          sections_as_subrecipes: 'true',
        },
        'form',
      );
      expect(r.statusCode).toBe(201);
      const body = json(r);
      expect(body.subrecipes).toHaveLength(1);
      expect(body.subrecipes[0]).toMatchObject({ name: 'Carrot cake: icing', recipe_ingredients_count: 2 });
      expect(body.recipe.recipe_ingredients_count).toBe(3);
      expect(body.recipe.total_grams).toBeCloseTo(250 + 200 + 240 + 113.5, 6);
      expect(body.recipe.ingredient_list).toMatch(/Carrot cake: icing \(/);
    });

    it('replays an Idempotency-Key retry and writes once', async () => {
      const body = { recipe: { name: 'Once' }, text: '1 cup sugar' };
      const first = await idempotentPost(t.app, t.accountA.key, '/v1/recipes/from_text', 'text-once', body);
      const again = await idempotentPost(t.app, t.accountA.key, '/v1/recipes/from_text', 'text-once', body);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(json(again).recipe.id).toBe(json(first).recipe.id);
      const named = json(await t.client().get('/v1/recipes?q=Once'));
      expect(named).toHaveLength(1);
    });

    it("refuses another account's ingredient in choices, naming the field, and writes nothing", async () => {
      const before = await snapshots.take();
      const r = await create({ recipe: { name: 'Stolen' }, text: '1 cup mascarpone', choices: [{ line: 1, ingredient_id: secret }] });
      expect(r.statusCode).toBe(422);
      expect(json(r).errors['choices[0].ingredient_id'][0]).toMatch(/does not exist or is not readable/);
      expect(r.body).not.toContain('Mascarpone"');
      expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    });
  });

  describe('bad input is 422 naming the field, and writes nothing', () => {
    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      ['201 lines', () => ({ text: Array.from({ length: 201 }, () => '1 cup sugar').join('\n') }), 'text'],
      ['201 listed lines', () => ({ lines: Array.from({ length: 201 }, () => '1 cup sugar') }), 'lines'],
      ['20,001 characters', () => ({ text: `1 cup sugar ${'x'.repeat(20_001 - 12)}` }), 'text'],
      ['a 10 MB line', () => ({ lines: [`1 cup ${'sugar '.repeat(1_750_000)}`] }), 'lines'],
      ['a control character', () => ({ text: '1 cup sugar\n2 eggs\u0007' }), 'text'],
      ['a control character in a listed line', () => ({ lines: ['1 cup sugar', '2 eggs\u001b[31m'] }), 'lines[1]'],
      ['an unknown language', () => ({ text: '1 cup sugar', language: 'fr' }), 'language'],
      ['neither text nor lines', () => ({ language: 'en' }), 'text'],
      ['both text and lines', () => ({ text: '1 cup sugar', lines: ['1 cup sugar'] }), 'text'],
      ['a line that is no string', () => ({ lines: ['1 cup sugar', { text: 'x' }] }), 'lines[1]'],
    ];
    it.each(cases)('parse: %s', async (_what, body, field) => {
      const before = await snapshots.take();
      const r = await parse(body());
      expect(r.statusCode).toBe(422);
      expect(json(r).error).toBe('ValidationFailed');
      expect(Object.keys(json(r).errors)).toContain(field);
      expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    });

    const createCases: Array<[string, Record<string, unknown>, string]> = [
      ['no recipe', { text: '1 cup sugar' }, 'recipe'],
      ['no recipe name', { recipe: { servings: 2 }, text: '1 cup sugar' }, 'recipe.name'],
      ['choices not a list', { recipe: { name: 'x' }, text: '1 cup sugar', choices: 'line 1' }, 'choices'],
      ['a choice not an object', { recipe: { name: 'x' }, text: '1 cup sugar', choices: [7] }, 'choices[0]'],
      ['a choice without a line', { recipe: { name: 'x' }, text: '1 cup sugar', choices: [{ ingredient_id: 1 }] }, 'choices[0].line'],
      [
        'a choice of a line the text lacks',
        { recipe: { name: 'x' }, text: '1 cup sugar', choices: [{ line: 9, ingredient_id: 1 }] },
        'choices[0].line',
      ],
      [
        'a choice of an unknown ingredient',
        { recipe: { name: 'x' }, text: '1 cup sugar', choices: [{ line: 1, ingredient_id: 2_000_000_000 }] },
        'choices[0].ingredient_id',
      ],
      [
        'a choice with negative grams',
        { recipe: { name: 'x' }, text: '1 cup sugar', choices: [{ line: 1, ingredient_id: 1, grams: -5 }] },
        'choices[0].grams',
      ],
      ['a skip that is no line number', { recipe: { name: 'x' }, text: '1 cup sugar', skip: ['first'] }, 'skip[0]'],
      ['a skip of a line the text lacks', { recipe: { name: 'x' }, text: '1 cup sugar', skip: [4] }, 'skip[0]'],
      ['dry_run not a boolean', { recipe: { name: 'x' }, text: '1 cup sugar', dry_run: 'maybe' }, 'dry_run'],
      ['nothing with an amount', { recipe: { name: 'x' }, text: 'Salt to taste' }, 'text'],
    ];
    it.each(createCases)('from_text: %s', async (_what, body, field) => {
      const before = await snapshots.take();
      const r = await t.client().post('/v1/recipes/from_text', body);
      expect(r.statusCode).toBe(422);
      expect(json(r).error).toBe('ValidationFailed');
      expect(Object.keys(json(r).errors)).toContain(field);
      expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    });

    it('a body larger than the route takes is 413', async () => {
      const r = await parse({ text: 'x'.repeat(17 * 1024 * 1024) });
      expect(r.statusCode).toBe(413);
    });
  });
});
