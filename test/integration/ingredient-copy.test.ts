// POST /v1/ingredients/{id}/copy (docs/api.md#copy): a private, editable copy of a public
// library food or an own ingredient, through the real HTTP app on each database.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const MINI = join(import.meta.dirname, '../fixtures/usda-mini');
// Response members a copy must carry over unchanged (nutrients, units and allergens).
const CARRIED = [
  'name_fr',
  'brand',
  'ingredient_list',
  'ingredient_list_fr',
  'allergens',
  'allergens_inferred',
  'food',
  'non_food',
  'category',
  'default_unit',
  'valid_units',
  'units_and_grams',
  'description1',
  'weight1',
  'description2',
  'weight2',
  'calories',
  'protein',
  'fat',
  'fat_saturated',
  'carbohydrate',
  'sugar',
  'added_sugar',
  'sodium',
  'vitamin_d_mcg',
  'vitamin_d_IU',
  'lysine',
];

describe.each(databaseKinds())('copying ingredients on %s', (kind) => {
  let t: TestApp;
  let creme: any; // public, from the USDA import: allergens inferred (milk)
  beforeAll(async () => {
    t = await createTestApp(kind);
    const imported = await importUsda(t.ctx, { source: MINI });
    if (!imported.ok) throw new Error(imported.error);
    const row = await t.db.handle.db.selectFrom('ingredients').select('id').where('fdc_id', '=', 1002).executeTakeFirstOrThrow();
    creme = json(await t.client().get(`/v1/ingredients/${row.id}`)).ingredient;
  });
  afterAll(async () => {
    await t.close();
  });

  const ownCount = async (key = t.accountA.key) => Number(json(await t.client(key).get('/v1/ingredients?archived=all')).length);

  it('copies a public library food into a private one: default name, source, values, units and inferred allergens', async () => {
    expect(creme).toMatchObject({ public: true, usda_verified: true, allergens: { milk: true }, allergens_inferred: true });
    const res = await t.client().post(`/v1/ingredients/${creme.id}/copy`);
    expect(res.statusCode).toBe(201);
    const copy = json(res).ingredient;
    expect(copy).toMatchObject({
      name: 'Crème fraîche (copy)',
      source: `ingredient:${creme.id}`,
      public: false,
      usda_verified: false,
      user_verified: false,
      archived: false,
      subrecipe: false,
      recipe_id: null,
      fdc_id: null,
      tags: [],
    });
    expect(copy.id).not.toBe(creme.id);
    for (const key of CARRIED) expect(copy[key], key).toEqual(creme[key]);
    expect(json(await t.client().get(`/v1/ingredients/${copy.id}`)).ingredient).toEqual(copy);
    // Another account does not see it.
    expect((await t.client(t.accountB.key).get(`/v1/ingredients/${copy.id}`)).statusCode).toBe(404);
  });

  it("the copy is editable where the library food is not; writing allergens makes them the account's", async () => {
    const copy = json(await t.client().post(`/v1/ingredients/${creme.id}/copy`)).ingredient;
    expect((await t.client().put(`/v1/ingredients/${creme.id}`, { calories: 1 })).statusCode).toBe(403);
    const edited = await t.client().put(`/v1/ingredients/${copy.id}`, { ingredient: { fat_saturated: 27, sodium: 40 } });
    expect(edited.statusCode).toBe(200);
    expect(json(edited).ingredient).toMatchObject({ fat_saturated: 27, allergens_inferred: true });
    const confirmed = json(await t.client().put(`/v1/ingredients/${copy.id}`, { ingredient: { allergens: { milk: true } } })).ingredient;
    expect(confirmed).toMatchObject({ allergens: { milk: true }, allergens_inferred: false });
    // The library food is untouched.
    expect(json(await t.client().get(`/v1/ingredients/${creme.id}`)).ingredient).toEqual(creme);
  });

  it.each([
    ['wrapped JSON', { ingredient: { name: 'My crème' } }, 'json'],
    ['flat JSON', { name: 'My crème 2' }, 'json'],
    ['a form field ingredient[name]', { ingredient: { name: 'My crème 3' } }, 'form'],
  ] as const)('takes the name as %s', async (_how, body, as) => {
    const res = await t.client().post(`/v1/ingredients/${creme.id}/copy`, body, as);
    expect(res.statusCode).toBe(201);
    expect(json(res).ingredient.name).toBe((body as any).ingredient?.name ?? (body as any).name);
  });

  it('copies an own ingredient (tags are not carried; the original is unchanged)', async () => {
    const own = json(
      await t
        .client()
        .post(
          '/v1/ingredients',
          flourBody({ name: 'House flour', tags: ['dry'], allergens: { wheat: true }, description2: '1 tablespoon', weight2: 8 }),
        ),
    ).ingredient;
    const copy = json(await t.client().post(`/v1/ingredients/${own.id}/copy`, {})).ingredient;
    expect(copy).toMatchObject({
      name: 'House flour (copy)',
      source: `ingredient:${own.id}`,
      allergens: { wheat: true },
      allergens_inferred: false,
      tags: [],
    });
    expect(copy.units_and_grams).toEqual(own.units_and_grams);
    expect(copy.calories).toBe(own.calories);
    expect(json(await t.client().get(`/v1/ingredients/${own.id}`)).ingredient).toEqual(own);
  });

  it('copies a subrecipe ingredient as a plain ingredient holding its live values', async () => {
    const flour = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Sub flour' }))).ingredient;
    const recipe = json(await t.client().post('/v1/recipes', { recipe: { name: 'Dough' } })).recipe;
    await t
      .client()
      .post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: flour.id, total_grams: 200 } });
    const sub = json(await t.client().post(`/v1/recipes/${recipe.id}/create_subrecipe`)).ingredient;
    const copy = json(await t.client().post(`/v1/ingredients/${sub.id}/copy`)).ingredient;
    expect(copy).toMatchObject({ name: `${sub.name} (copy)`, subrecipe: false, recipe_id: null, source: `ingredient:${sub.id}` });
    expect(copy.calories).toBeCloseTo(sub.calories, 9);
    expect(copy.protein).toBeCloseTo(sub.protein, 9);
  });

  it("answers 404 for another account's private ingredient, an unknown id or a bad id, creating nothing", async () => {
    const secret = json(await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'B secret' }))).ingredient;
    const before = await ownCount();
    for (const url of [
      `/v1/ingredients/${secret.id}/copy`,
      '/v1/ingredients/99999999/copy',
      '/v1/ingredients/abc/copy',
      '/api/v1/ingredients/-1/copy',
    ]) {
      const res = await t.client().post(url, { ingredient: { name: 'Mine now' } });
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toMatchObject({ error: 'NotFound' });
      expect(JSON.stringify(json(res))).not.toContain('B secret');
    }
    expect(await ownCount()).toBe(before);
  });

  it.each([
    ['a name that is not text', { ingredient: { name: { first: 'x' } } }],
    ['a name over 255 characters', { ingredient: { name: 'x'.repeat(256) } }],
  ])('refuses %s with a 4xx JSON error, creating nothing', async (_what, body) => {
    const before = await ownCount();
    const res = await t.client().post(`/v1/ingredients/${creme.id}/copy`, body);
    expect([400, 422]).toContain(res.statusCode);
    expect(json(res).error).toMatch(/ValidationFailed|MalformedBody|BadRequest/);
    expect(json(res).request_id).toBeTruthy();
    expect(await ownCount()).toBe(before);
  });

  it('refuses a body that does not parse (400) and an unsupported content type (415)', async () => {
    const auth = { authorization: `Token token=${t.accountA.key}` };
    const bad = await t.app.inject({
      method: 'POST',
      url: `/v1/ingredients/${creme.id}/copy`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"ingredient":',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe('MalformedBody');
    const xml = await t.app.inject({
      method: 'POST',
      url: `/v1/ingredients/${creme.id}/copy`,
      headers: { ...auth, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('a copy does not hold the fdc_id: re-importing the release still updates the library food', async () => {
    await t.client().post(`/v1/ingredients/${creme.id}/copy`);
    const again = await importUsda(t.ctx, { source: MINI });
    expect(again.ok && again.summary).toMatchObject({ created: 0, unchanged: 5 });
    expect(again.ok && again.summary.skipped.flatMap((s) => s.reasons)).not.toContain('its fdc_id is already held by a private ingredient');
  });
});
