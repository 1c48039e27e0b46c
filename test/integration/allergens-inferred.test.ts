// `allergens_inferred` (docs/api.md#library-fields): stored, read back, read-only to clients, and cleared by a
// person's write of allergens. Through the real HTTP app on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyIngredientWrite } from '../../src/core/ingredient.js';
import { insertIngredient } from '../../src/db/repositories/ingredients.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('allergens_inferred on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A private ingredient whose allergens came from inference, as a copy of a library food holds them. */
  async function inferredIngredient(name: string): Promise<number> {
    const write = applyIngredientWrite(null, flourBody({ name, allergens: { wheat: true } }));
    if (!write.ok) throw new Error(JSON.stringify(write.errors));
    const stored = await insertIngredient(
      t.db.handle.db,
      t.accountA.id,
      { ...write.fields, allergens_inferred: true },
      '2026-11-24T00:00:00Z',
    );
    return stored.id;
  }

  it('is false on an ingredient a client creates, and a client cannot set it', async () => {
    const res = await t
      .client()
      .post('/v1/ingredients', { ingredient: flourBody({ name: 'Typed flour', allergens_inferred: true, allergens: { wheat: true } }) });
    expect(res.statusCode).toBe(201);
    expect(json(res).ingredient.allergens_inferred).toBe(false);
    expect(res.headers['x-ignored-fields']).toContain('allergens_inferred');
    const row = await t.db.handle.db
      .selectFrom('ingredients')
      .select('allergens_inferred')
      .where('id', '=', json(res).ingredient.id)
      .executeTakeFirstOrThrow();
    expect(row.allergens_inferred).toBe(0);
  });

  it('reads back true where stored, in the single read and in lists', async () => {
    const id = await inferredIngredient('Inferred flour');
    expect(json(await t.client().get(`/v1/ingredients/${id}`)).ingredient).toMatchObject({
      allergens_inferred: true,
      allergens: { wheat: true },
    });
    const list = json(await t.client().get('/v1/ingredients?q=Inferred'));
    expect(list.map((e: any) => [e.ingredient.id, e.ingredient.allergens_inferred])).toEqual([[id, true]]);
  });

  it('stays true through writes of other fields, and turns false once allergens are written (JSON or form)', async () => {
    const id = await inferredIngredient('Inferred flour 2');
    const renamed = await t.client().put(`/v1/ingredients/${id}`, { ingredient: { name: 'Renamed flour' } });
    expect(json(renamed).ingredient.allergens_inferred).toBe(true);

    const confirmed = await t.client().put(`/v1/ingredients/${id}`, { ingredient: { allergens: { wheat: true } } });
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed).ingredient).toMatchObject({ allergens_inferred: false, allergens: { wheat: true } });

    const other = await inferredIngredient('Inferred flour 3');
    const cleared = await t.client().put(`/v1/ingredients/${other}`, { ingredient: { allergens: '' } }, 'form');
    expect(json(cleared).ingredient).toMatchObject({ allergens_inferred: false, allergens: {} });
  });

  it('an invalid allergens write changes nothing, the flag included', async () => {
    const id = await inferredIngredient('Inferred flour 4');
    const res = await t.client().put(`/v1/ingredients/${id}`, { ingredient: { allergens: { kryptonite: true } } });
    expect(res.statusCode).toBe(422);
    expect(json(await t.client().get(`/v1/ingredients/${id}`)).ingredient.allergens_inferred).toBe(true);
  });

  it('is in the OpenAPI response schema as a read-only boolean, and not among the writable fields', async () => {
    const doc = json(await t.client().get('/v1/openapi.json'));
    const schemas = doc.components?.schemas ?? {};
    const ingredient = Object.values(schemas).find((s: any) => s?.properties?.allergens_inferred && s?.properties?.units_and_grams) as any;
    expect(ingredient.properties.allergens_inferred).toMatchObject({ type: 'boolean', readOnly: true });
    const create = doc.paths['/v1/ingredients'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(create)).not.toContain('allergens_inferred');
  });
});
