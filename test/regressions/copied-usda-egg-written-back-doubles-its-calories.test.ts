// Bug: reading an ingredient and writing it back changed it. GET returns nutrients per 100 g, PUT read
// them relative to weight1: a copied USDA egg (148 kcal per 100 g, description1 "1 large egg" of 50 g)
// went to 296 kcal per 100 g. `nutrient_basis: "per_100g"` on PUT/POST (and spreadsheet rows) says the
// values are per 100 g, as GET returns them; a read written back with it changes nothing (the same
// response, no revision). "weight1" stays the default (ReciPal's wire format). Docs: docs/api.md#ingredients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

const EGG = flourBody({
  name: 'Egg, whole, raw, fresh',
  description1: '1 large egg',
  weight1: 100,
  description2: '1 cup',
  weight2: 243,
  calories: 148,
  protein: 12.4,
  fat: 9.96,
  cholesterol: 411,
  sodium: 129,
  carbohydrate: 0.96,
  sugar: 0.2,
  vitamin_a_IU: 487,
  allergens: { egg: true },
});

// allergens_inferred: allergens written, even the same ones, are confirmed by the account (docs/api.md#library-fields).
const withoutTimes = (ingredient: Record<string, unknown>) => ({ ...ingredient, updated_at: null, allergens_inferred: null });

describe.each(databaseKinds())('an ingredient read and written back on %s', (kind) => {
  let t: TestApp;
  let copy: Record<string, any>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // The library egg, per 100 g; then its large egg is 50 g (the copy's own, as a baker would set it).
    await importPublicIngredients(t.ctx, [{ ...EGG, usda_verified: true }]);
    const library = json(await t.client().get('/v1/ingredients/search?q=egg'))[0].ingredient;
    copy = json(await t.client().post(`/v1/ingredients/${library.id}/copy`)).ingredient;
    copy = json(await t.client().put(`/v1/ingredients/${copy.id}`, { weight1: 50, nutrient_basis: 'per_100g' })).ingredient;
    expect(copy).toMatchObject({ calories: 148, weight1: 50, protein: 12.4 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('with nutrient_basis per_100g, the whole GET body written back changes nothing', async () => {
    const read = json(await t.client().get(`/v1/ingredients/${copy.id}`)).ingredient;
    const revisionsBefore = json(await t.client().get('/v1/audit_events')).length;
    const res = await t.client().put(`/v1/ingredients/${copy.id}`, { ingredient: { ...read, nutrient_basis: 'per_100g' } });
    expect(res.statusCode).toBe(200);
    expect(withoutTimes(json(res).ingredient)).toEqual(withoutTimes(read));
    expect(withoutTimes(json(await t.client().get(`/v1/ingredients/${copy.id}`)).ingredient)).toEqual(withoutTimes(read));
    expect(json(await t.client().get('/v1/audit_events')).length).toBe(revisionsBefore + 1);
  });

  it('as a form too', async () => {
    const read = json(await t.client().get(`/v1/ingredients/${copy.id}`)).ingredient;
    const { tags: _tags, units_and_grams: _units, valid_units: _valid, allergens: _allergens, ...flat } = read;
    const res = await t.client().put(`/v1/ingredients/${copy.id}`, { ingredient: { ...flat, nutrient_basis: 'per_100g' } }, 'form');
    expect(res.statusCode).toBe(200);
    expect(json(res).ingredient.calories).toBe(148);
  });

  it('without it, the values are relative to weight1, as ReciPal reads them', async () => {
    const res = await t.client().put(`/v1/ingredients/${copy.id}`, { calories: 74 });
    expect(json(res).ingredient.calories).toBe(148);
    const twice = await t.client().put(`/v1/ingredients/${copy.id}`, { calories: 148, nutrient_basis: 'weight1' });
    expect(json(twice).ingredient.calories).toBe(296);
    await t.client().put(`/v1/ingredients/${copy.id}`, { calories: 148, nutrient_basis: 'per_100g' });
  });

  it('on create as well', async () => {
    const res = await t.client().post('/v1/ingredients', { ...EGG, name: 'Egg per 100 g', weight1: 50, nutrient_basis: 'per_100g' });
    expect(res.statusCode).toBe(201);
    expect(json(res).ingredient).toMatchObject({ calories: 148, cholesterol: 411, weight1: 50 });
  });

  it('another value is 422 naming nutrient_basis, and nothing is written', async () => {
    for (const bad of ['per_serving', 'PER_100G', 7]) {
      const res = await t.client().put(`/v1/ingredients/${copy.id}`, { calories: 1, nutrient_basis: bad });
      const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
      expect(body.errors.nutrient_basis?.[0]).toContain('weight1, per_100g');
    }
    const create = await t.client().post('/v1/ingredients', { ...EGG, name: 'Bad basis', nutrient_basis: 'per_serving' });
    expect(Object.keys(expectError(create, 422, 'ValidationFailed').errors as object)).toEqual(['nutrient_basis']);
    expect(json(await t.client().get(`/v1/ingredients/${copy.id}`)).ingredient.calories).toBe(148);
    expect(json(await t.client().get('/v1/ingredients?q=Bad')).length).toBe(0);
  });

  it('spreadsheet rows: per_100g by default (what exports write), weight1 when a row says so, anything else an error', async () => {
    const sheet = (basis: string, calories: number) => `id,nutrient_basis,calories\r\n${copy.id},${basis},${calories}\r\n`;
    const perWeight1 = json(await uploadSheet(t, sheet('weight1', 74), { kind: 'ingredients', dryRun: true })).import;
    expect(perWeight1).toMatchObject({ unchanged: 1, updated: 0, errors: [] });
    const per100 = json(await uploadSheet(t, sheet('', 148), { kind: 'ingredients', dryRun: true })).import;
    expect(per100).toMatchObject({ unchanged: 1, updated: 0, errors: [] });
    const bad = await uploadSheet(t, sheet('per_cup', 148), { kind: 'ingredients', dryRun: false });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).import.errors).toEqual([expect.objectContaining({ row: 2, field: 'nutrient_basis' })]);
    const csv = (await t.client().get('/v1/ingredients.csv')).body;
    expect(csv.split('\r\n')[0]).toContain('nutrient_basis');
    expect(csv).toContain(',per_100g,');
  });
});
