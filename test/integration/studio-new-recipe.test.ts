// The studio's "new recipe from text" page through the real app on real databases (docs/studio.md "A new
// recipe from text"): paste, preview (each line's amount as read, its match and grams, the warnings in
// plain words), change a match from its alternatives or a search of the account's ingredients and the
// library, type grams, leave lines out, create (one recipe, one revision, one audit event, as POST
// /v1/recipes/from_text makes it). Unresolved lines stop the create; bad text (over 200 lines or
// 20,000 characters, a control character) is a 422 page that keeps what was pasted; another account's
// ingredient is never offered, named or used; a refused post writes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences, type Snapshotter } from '../support/db-snapshot.js';
import { studioSignIn, type StudioSession } from '../support/studio.js';

/** A library food: nutrients per 100 g, household measures as unit slots (as the SR28 importer writes them). */
function food(name: string, measures: Array<[string, number]>, nutrients: Record<string, number> = {}) {
  const slots = Object.fromEntries(
    measures.flatMap(([d, w], i) => [
      [`description${i + 1}`, d],
      [`weight${i + 1}`, w],
    ]),
  );
  return { ...flourBody({ name, ...nutrients }), ...slots, source: `usda-sr28:${10000 + name.length}` };
}

const LIBRARY = [
  food('Wheat flour, white, all-purpose, enriched, bleached', [['1 cup', 125]]),
  food('Butter, without salt', [
    ['1 tbsp', 14.2],
    ['1 cup', 227],
    ['1 stick', 113],
  ]),
  food('Butter, salted', [
    ['1 tbsp', 14.2],
    ['1 cup', 227],
    ['1 stick', 113],
  ]),
  food('Egg, whole, raw, fresh', [
    ['1 large', 50],
    ['1 medium', 44],
    ['1 extra large', 56],
  ]),
  food('Sugars, granulated', [
    ['1 tsp', 4.2],
    ['1 cup', 200],
  ]),
  food('Salt, table', [['1 tsp', 6]]),
  food('Milk, whole, 3.25% milkfat, with added vitamin D', [['1 cup', 244]]),
  food('Cocoa, dry powder, unsweetened', [['1 cup', 86]]),
];

const COOKIES = [
  'For the dough:',
  '2 1/4 cups all-purpose flour',
  '1 cup (2 sticks) unsalted butter, softened',
  '2 eggs',
  '3-4 tbsp milk',
  'Salt to taste',
  '1 cup moonbeam dust',
].join('\n');

/** The part of a page about one line of the text. */
const lineOf = (body: string, line: number) => {
  const start = body.indexOf(`id="line-${line}"`);
  expect(start, `line ${line} is on the page`).toBeGreaterThan(0);
  const next = body.indexOf('<li class="text-', start);
  return body.slice(start, next > 0 ? next : body.indexOf('</ol>', start));
};

/** The lines of GET /v1/recipes/{id}/recipe_ingredients. */
const linesOf = (body: any) => body.recipe.recipe_ingredients.map((l: any) => l.recipe_ingredient);

/** The ids of the foods offered for a line, in order. */
const offered = (body: string, line: number) =>
  [...lineOf(body, line).matchAll(new RegExp(`name="pick_${line}" value="(\\d+)"`, 'g'))].map((m) => Number(m[1]));

describe.each(databaseKinds())('new recipe from text in the studio on %s', (kind) => {
  let t: TestApp;
  let s: StudioSession;
  let snapshots: Snapshotter;
  let library: Record<'flour' | 'unsalted' | 'salted' | 'egg' | 'milk' | 'salt' | 'cocoa', number>;
  let secret: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    expect((await importPublicIngredients(t.ctx, LIBRARY)).created).toBe(LIBRARY.length);
    const search = async (q: string) => json(await t.client().get(`/v1/ingredients/search?q=${encodeURIComponent(q)}`))[0].ingredient.id;
    library = {
      flour: await search('Wheat flour, white, all-purpose'),
      unsalted: await search('Butter, without salt'),
      salted: await search('Butter, salted'),
      egg: await search('Egg, whole, raw'),
      milk: await search('Milk, whole'),
      salt: await search('Salt, table'),
      cocoa: await search('Cocoa, dry powder'),
    };
    // Account B's own ingredient, named like a line of A's text.
    secret = json(await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'Moonbeam dust' }))).ingredient.id;
    s = await studioSignIn(t, t.accountA.key);
    snapshots = await databaseSnapshotter(t.db);
  }, 60_000);
  afterAll(() => t?.close());

  let recipesBefore: number;
  beforeEach(async () => {
    recipesBefore = json(await t.client().get('/v1/recipes')).length;
  });
  const recipeCount = async () => json(await t.client().get('/v1/recipes')).length;

  it('is linked from the recipes page, and its form carries the CSRF token and previews as it is typed', async () => {
    expect((await s.get('/studio/recipes')).body).toContain('href="/studio/recipes/new"');
    const page = await s.get('/studio/recipes/new');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<form method="post" action="/studio/recipes/new/preview" data-live="#preview"');
    expect(page.body).toContain(`name="csrf" value="${s.csrf}"`);
    expect(page.body).toContain('formaction="/studio/recipes/new" id="create"');
    expect(page.body).toContain('id="preview-empty"');
  });

  it('previews each line: the amount read, the match and its grams, the warnings in plain words; nothing is written', async () => {
    const before = await snapshots.take();
    const page = await s.post('/studio/recipes/new/preview', { name: 'Cookies', servings: '24', text: COOKIES });
    expect(page.statusCode).toBe(200);
    const body = page.body;
    // What was typed is kept in the form.
    expect(body).toContain('value="Cookies"');
    expect(body).toContain('>\nFor the dough:\n2 1/4 cups all-purpose flour');
    expect(body).toMatch(/<li class="text-section" id="line-1"><h3>For the dough<\/h3>/);
    const flour = lineOf(body, 2);
    expect(flour).toContain('Read as</span> 2.25 cups · all-purpose flour');
    expect(flour).toContain('<strong class="chosen-food">Wheat flour, white, all-purpose, enriched, bleached</strong>');
    expect(flour).toContain('<strong class="line-grams">281 g</strong>');
    expect(flour).toContain('>Matched</span>');
    expect(flour).toContain(`name="seen_2" value="2 1/4 cups all-purpose flour"`);
    const butter = lineOf(body, 3);
    expect(butter).toContain('Butter, without salt');
    expect(butter).toContain('<strong class="line-grams">227 g</strong>');
    expect(butter).toContain('(2 sticks, softened)');
    // The other butter is offered beside it, with its grams.
    expect(offered(body, 3)).toEqual(expect.arrayContaining([library.unsalted, library.salted]));
    expect(butter).toMatch(/Butter, salted <small class="muted">227 g \(1 × 1 cup\) · library · also close<\/small>/);
    // Warnings, each in plain words with a lead.
    expect(lineOf(body, 4)).toContain('<strong>Size assumed:</strong> No size given: weighed as');
    const milk = lineOf(body, 5);
    expect(milk).toContain('3–4 tbsp');
    expect(milk).toContain('<strong>A range:</strong> Weighed at its midpoint, 3.5.');
    expect(milk).toContain(
      '<strong>Weighed through another measure:</strong> Milk, whole, 3.25% milkfat, with added vitamin D has no tbsp measure; 53.37 g come from its &quot;1 cup&quot; (244 g).',
    );
    const salt = lineOf(body, 6);
    expect(salt).toContain('>No amount: left out</span>');
    expect(salt).toContain('<strong>No amount:</strong> Left out of the recipe unless you pick its food and type its grams.');
    expect(salt).toMatch(/id="pick-6-skip" name="pick_6" value="skip" checked/);
    // No food is moonbeam dust (B's own ingredient of that name is never offered): chosen or left out before create.
    const dust = lineOf(body, 7);
    expect(dust).toContain('>No match</span>');
    expect(dust).toContain('<details class="change" open');
    expect(dust).not.toContain(' checked');
    expect(offered(body, 7)).not.toContain(secret);
    expect(body).toContain('One line needs your choice before the recipe can be made');
    expect(body).toContain(
      '6 ingredient lines in 1 section: 4 matched, 1 with no match, 1 without an amount. The recipe weighs <strong id="total-grams">662 g</strong>; 1 line is left out.',
    );
    expect(body).not.toContain('Choose another in choices');
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });

  it('changes a match from the alternatives or a search, with the grams each gives, then creates the recipe with them', async () => {
    const fields = { name: 'Cookies, chosen', servings: '24', text: COOKIES, seen_3: '1 cup (2 sticks) unsalted butter, softened' };
    // The salted butter picked from the alternatives; a search for the unmatched line finds cocoa, with its grams.
    const changed = await s.post('/studio/recipes/new/preview', {
      ...fields,
      pick_3: String(library.salted),
      seen_7: '1 cup moonbeam dust',
      q_7: 'cocoa',
    });
    expect(changed.statusCode).toBe(200);
    const butter = lineOf(changed.body, 3);
    expect(butter).toContain('<strong class="chosen-food">Butter, salted</strong>');
    expect(butter).toContain('>Your choice</span>');
    expect(butter).toMatch(new RegExp(`id="pick-3-${library.salted}" name="pick_3" value="${library.salted}" checked`));
    const dust = lineOf(changed.body, 7);
    expect(offered(changed.body, 7)).toContain(library.cocoa);
    expect(dust).toMatch(
      /Cocoa, dry powder, unsweetened <small class="muted">86 g \(1 × 1 cup\) · library · found by your search<\/small>/,
    );
    expect(dust).toContain('What the search found is among the foods above.');
    expect(dust).toContain('value="cocoa"');

    // The cocoa picked (its search cleared: the pick is still shown, weighed), the salt put in with grams typed.
    const picked = {
      ...fields,
      pick_3: String(library.salted),
      seen_7: '1 cup moonbeam dust',
      pick_7: String(library.cocoa),
      seen_6: 'Salt to taste',
      pick_6: String(library.salt),
      grams_6: '2,5',
    };
    const again = await s.post('/studio/recipes/new/preview', picked);
    expect(lineOf(again.body, 7)).toContain('<strong class="line-grams">86 g</strong>');
    expect(lineOf(again.body, 7)).toContain('your choice');
    expect(lineOf(again.body, 6)).toContain('<strong class="line-grams">2.5 g</strong> <span class="muted">as typed</span>');
    // Put in with its grams, the salt is no longer said to be left out.
    expect(lineOf(again.body, 6)).not.toContain('<strong>No amount:</strong>');
    expect(again.body).not.toContain('id="unresolved"');

    const created = await s.post('/studio/recipes/new', picked);
    expect(created.statusCode).toBe(303);
    const id = Number(/^\/studio\/recipes\/(\d+)\?saved=created$/.exec(String(created.headers.location))?.[1]);
    expect(id).toBeGreaterThan(0);
    const page = await s.get(String(created.headers.location));
    expect(page.body).toContain('Made from your text, with its first revision.');
    const recipe = json(await t.client().get(`/v1/recipes/${id}`)).recipe;
    expect(recipe).toMatchObject({ name: 'Cookies, chosen', servings: 24 });
    const lines = linesOf(json(await t.client().get(`/v1/recipes/${id}/recipe_ingredients`)));
    const byIngredient = Object.fromEntries(lines.map((l: any) => [l.ingredient_id, l]));
    expect(
      Object.keys(byIngredient)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([library.flour, library.salted, library.egg, library.milk, library.salt, library.cocoa].sort((a, b) => a - b));
    expect(byIngredient[library.salted]).toMatchObject({ unit: '1 cup', quantity: 1 });
    expect(byIngredient[library.cocoa]).toMatchObject({ unit: '1 cup', quantity: 1 });
    expect(byIngredient[library.salt].total_grams).toBe(2.5);
    expect(json(await t.client().get(`/v1/recipes/${id}/revisions`))).toHaveLength(1);
    const audit = json(await t.client().get(`/v1/audit_events?resource=recipe&resource_id=${id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0].audit_event.action).toBe('create');
  });

  it("keeps only the warnings that still hold: not the match's weighing once another food is picked, no weighing once grams are typed", async () => {
    const fields = { text: '3-4 tbsp milk', seen_1: '3-4 tbsp milk' };
    const matched = lineOf((await s.post('/studio/recipes/new/preview', fields)).body, 1);
    expect(matched).toContain('<strong>A range:</strong>');
    expect(matched).toContain('<strong>Weighed through another measure:</strong> Milk');
    const other = lineOf((await s.post('/studio/recipes/new/preview', { ...fields, pick_1: String(library.cocoa) })).body, 1);
    expect(other).toContain('<strong class="chosen-food">Cocoa, dry powder, unsweetened</strong>');
    expect(other).toContain('<strong>A range:</strong>');
    expect(other).not.toContain('Weighed through another measure');
    const typed = lineOf((await s.post('/studio/recipes/new/preview', { ...fields, grams_1: '50' })).body, 1);
    expect(typed).toContain('<strong class="line-grams">50 g</strong>');
    expect(typed).not.toContain('<strong>A range:</strong>');
    expect(typed).not.toContain('Weighed through another measure');
  });

  it('refuses to create while a line has no food (422), marking it and keeping every choice made; nothing is written', async () => {
    const before = await snapshots.take();
    const page = await s.post('/studio/recipes/new', {
      name: 'Cookies, unresolved',
      text: COOKIES,
      seen_3: '1 cup (2 sticks) unsalted butter, softened',
      pick_3: String(library.salted),
    });
    expect(page.statusCode).toBe(422);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('id="form-errors"');
    expect(page.body).toContain('1 line matches no food: pick a food for each line marked below, or leave it out. Nothing was made.');
    expect(lineOf(page.body, 7)).toContain('>No match</span>');
    expect(lineOf(page.body, 3)).toContain('<strong class="chosen-food">Butter, salted</strong>');
    expect(page.body).toContain('value="Cookies, unresolved"');
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    expect(await recipeCount()).toBe(recipesBefore);
    // Left out, the line no longer stops it.
    const made = await s.post('/studio/recipes/new', {
      name: 'Cookies, without the dust',
      text: COOKIES,
      seen_7: '1 cup moonbeam dust',
      pick_7: 'skip',
    });
    expect(made.statusCode).toBe(303);
    expect(await recipeCount()).toBe(recipesBefore + 1);
  });

  it('says on the line what is wrong with a choice: grams that are not a number, a food picked for a line without an amount', async () => {
    const before = await snapshots.take();
    const text = '1 cup sugar\nSalt to taste';
    const bad = await s.post('/studio/recipes/new', {
      name: 'Sweet',
      text,
      pick_1: String(library.flour),
      grams_1: 'lots',
      pick_2: String(library.salt),
    });
    expect(bad.statusCode).toBe(422);
    expect(lineOf(bad.body, 1)).toContain('Grams must be a number from 0 to 10,000,000.');
    expect(lineOf(bad.body, 2)).toContain('This line has no amount: type its grams to put it in the recipe, or leave it out.');
    expect(lineOf(bad.body, 2)).toContain('>Needs its grams</span>');
    // A blank name is said under the name.
    const unnamed = await s.post('/studio/recipes/new', { name: '', text, pick_2: 'skip' });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.body).toMatch(/id="name-error">The name can(&#39;|')t be blank\.<\/small>/);
    expect(unnamed.body).toContain('aria-invalid="true" aria-describedby="name-error"');
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });

  it('keeps a choice with its line: it follows the line when lines are added above it, and a line changed since gets its own match', async () => {
    const page = await s.post('/studio/recipes/new/preview', {
      text: '1 cup milk\n1 cup sugar',
      // Made when line 1 read "1 cup butter": the text changed since, so the pick does not apply.
      seen_1: '1 cup butter',
      pick_1: String(library.salted),
    });
    expect(lineOf(page.body, 1)).toContain('<strong class="chosen-food">Milk, whole, 3.25% milkfat, with added vitamin D</strong>');
    expect(lineOf(page.body, 1)).not.toContain('Your choice');
    // A line added above the butter: its choice moves down with it.
    const moved = await s.post('/studio/recipes/new/preview', {
      text: '1 cup sugar\n1 cup butter',
      seen_1: '1 cup butter',
      pick_1: String(library.salted),
    });
    expect(lineOf(moved.body, 1)).toContain('<strong class="chosen-food">Sugars, granulated</strong>');
    expect(lineOf(moved.body, 2)).toContain('<strong class="chosen-food">Butter, salted</strong>');
    expect(lineOf(moved.body, 2)).toContain('name="seen_2" value="1 cup butter"');
    const made = await s.post('/studio/recipes/new', {
      name: 'Moved',
      text: '1 cup sugar\n1 cup butter',
      seen_1: '1 cup butter',
      pick_1: String(library.salted),
    });
    expect(made.statusCode).toBe(303);
    const id = Number(/recipes\/(\d+)/.exec(String(made.headers.location))?.[1]);
    const lines = linesOf(json(await t.client().get(`/v1/recipes/${id}/recipe_ingredients`)));
    expect(lines.map((l: any) => l.ingredient_id)).toContain(library.salted);
  });

  it('reads the recipe as the chosen kitchen writes it: an Australian tablespoon is 20 mL, and the recipe is made so', async () => {
    const text = '2 tbsp milk';
    const us = await s.post('/studio/recipes/new/preview', { text });
    expect(lineOf(us.body, 1)).toContain('<strong class="line-grams">30.5 g</strong>');
    const au = await s.post('/studio/recipes/new/preview', { text, language: 'en-AU' });
    expect(au.body).toMatch(/<option value="en-AU" selected>/);
    // 40 mL of milk at 244 g a 236.6 mL cup.
    expect(lineOf(au.body, 1)).toContain('<strong class="line-grams">41.3 g</strong>');
    expect(lineOf(au.body, 1)).toContain('<strong>Measure:</strong> A tbsp is read as 20 mL, as kitchens in en-AU measure it');
    const made = await s.post('/studio/recipes/new', { name: 'Aussie milk', text, language: 'en-AU' });
    expect(made.statusCode).toBe(303);
    const id = Number(/recipes\/(\d+)/.exec(String(made.headers.location))?.[1]);
    expect(linesOf(json(await t.client().get(`/v1/recipes/${id}/recipe_ingredients`)))[0].total_grams).toBeCloseTo(41.25, 1);
    // A kitchen the page does not offer is said on its field; nothing is read or written.
    const before = await snapshots.take();
    const odd = await s.post('/studio/recipes/new/preview', { text, language: 'fr' });
    expect(odd.statusCode).toBe(422);
    expect(odd.body).toContain('id="language-error">The kitchen must be one of those listed.</small>');
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });

  it('makes each section a sub-recipe when asked', async () => {
    const text = 'For the cake:\n1 cup flour\n1 cup sugar\nFor the icing:\n1 cup sugar\n2 tbsp milk';
    const preview = await s.post('/studio/recipes/new/preview', { name: 'Iced cake', text });
    expect(preview.body).toContain('name="sections_as_subrecipes" value="true"');
    const made = await s.post('/studio/recipes/new', { name: 'Iced cake', text, sections_as_subrecipes: 'true' });
    expect(made.statusCode).toBe(303);
    const id = Number(/recipes\/(\d+)/.exec(String(made.headers.location))?.[1]);
    const lines = linesOf(json(await t.client().get(`/v1/recipes/${id}/recipe_ingredients`)));
    expect(lines.map((l: any) => l.ingredient_name ?? l.name ?? l.ingredient_id)).toHaveLength(2);
    expect(await recipeCount()).toBe(recipesBefore + 3);
  });

  it('makes one recipe of a form posted twice (double click without JavaScript), and another when the form changed', async () => {
    const page = await s.get('/studio/recipes/new');
    const token = /name="form_token" value="([0-9a-f-]{36})"/.exec(page.body)?.[1];
    expect(token, 'the page carries its form token').toBeDefined();
    const form = { name: 'Clicked twice', text: '1 cup sugar\n1 cup milk', form_token: token as string };
    // Both posts at once, as a double click sends them: the second waits for the first and follows it.
    const [first, second] = await Promise.all([s.post('/studio/recipes/new', form), s.post('/studio/recipes/new', form)]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await recipeCount()).toBe(recipesBefore + 1);
    // A reload of the answer posts it again: still the same recipe.
    expect((await s.post('/studio/recipes/new', form)).headers.location).toBe(first.headers.location);
    // Back, changed, created again: a new recipe.
    const changed = await s.post('/studio/recipes/new', { ...form, name: 'Clicked twice, renamed' });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).not.toBe(first.headers.location);
    expect(await recipeCount()).toBe(recipesBefore + 2);
  });

  it('keeps the form token when a refused create comes back, and replaces a token it did not make', async () => {
    const token = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const refused = await s.post('/studio/recipes/new', { name: '', text: '1 cup sugar', form_token: token });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(`name="form_token" value="${token}"`);
    const forged = await s.post('/studio/recipes/new/preview', { text: '1 cup sugar', form_token: '<script>' });
    expect(forged.body).not.toContain('<script>');
    expect(forged.body).toMatch(/name="form_token" value="[0-9a-f-]{36}"/);
    // Refused, the key was freed: the same form, now named, makes its recipe.
    const made = await s.post('/studio/recipes/new', { name: 'Named now', text: '1 cup sugar', form_token: token });
    expect(made.statusCode).toBe(303);
  });

  describe('bad text: a 422 page that keeps what was pasted, and writes nothing', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['over 200 lines', Array.from({ length: 201 }, (_, i) => `${i + 1} g salt`).join('\n'), /The text has 201 lines; at most 200\./],
      ['over 20,000 characters', `1 cup sugar\n${'x'.repeat(20_000)}`, /The text is too long: at most 20,000 characters\./],
      ['a control character', '1 cup sugar\n1 cup \u0007flour', /The text contains a control character \(U\+0007\) on line 2/],
    ];
    for (const [what, text, message] of cases) {
      it(what, async () => {
        const before = await snapshots.take();
        for (const url of ['/studio/recipes/new/preview', '/studio/recipes/new']) {
          const page = await s.post(url, { name: 'Too much', text });
          expect(page.statusCode, url).toBe(422);
          expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(page.body).toMatch(message);
          expect(page.body).toContain('id="text-error"');
          expect(page.body).toContain('aria-invalid="true"');
          // The textarea holds the text as pasted (escaped, nothing cut).
          const kept = /<textarea[^>]*>\n([\s\S]*?)<\/textarea>/.exec(page.body)?.[1];
          expect(kept).toBe(text);
          expect(page.body).toContain('value="Too much"');
        }
        expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
        expect(await recipeCount()).toBe(recipesBefore);
      });
    }
  });

  it("never offers, names or uses another account's ingredient, even posted as a choice (422, nothing written)", async () => {
    const before = await snapshots.take();
    for (const url of ['/studio/recipes/new/preview', '/studio/recipes/new']) {
      const page = await s.post(url, { name: 'Stolen', text: '1 cup moonbeam dust\n1 cup sugar', pick_1: String(secret), q_2: 'moonbeam' });
      expect(page.statusCode, url).toBe(422);
      expect(page.body).toContain('That food is not one this account can use');
      expect(page.body).not.toContain('Moonbeam dust');
      expect(page.body).not.toContain(`value="${secret}"`);
    }
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
  });

  it('escapes what was pasted wherever it is printed', async () => {
    const text = '1 cup <script>alert(1)</script> "sugar" & more';
    const page = await s.post('/studio/recipes/new/preview', { text, q_1: '<img src=x>' });
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;sugar&quot; &amp; more');
  });
});
