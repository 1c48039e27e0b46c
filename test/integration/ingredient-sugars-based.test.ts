// `sugars_based` on ingredients (docs/api.md#ingredients, docs/labeling.md#canada-sugars-grouped): written, stored, read back as
// written or inferred from the name, null returns to the inference, a non-boolean is a 422 naming the
// field with nothing written, and the spreadsheet column reads and writes it. Through the real HTTP app
// on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('ingredient sugars_based on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const stored = async (id: number) =>
    (await t.db.handle.db.selectFrom('ingredients').select('sugars_based').where('id', '=', id).executeTakeFirstOrThrow()).sugars_based;

  it('is inferred from the name when not given, and null in the row', async () => {
    const c = t.client();
    const sugar = json(await c.post('/v1/ingredients', flourBody({ name: 'Brown sugar' }))).ingredient;
    const flour = json(await c.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient;
    expect([sugar.sugars_based, flour.sugars_based]).toEqual([true, false]);
    expect(await stored(sugar.id)).toBeNull();
  });

  it('keeps what the account writes; null returns to the name rule', async () => {
    const c = t.client();
    const created = json(await c.post('/v1/ingredients', flourBody({ name: 'Apple juice concentrate', sugars_based: true }))).ingredient;
    expect(created.sugars_based).toBe(true);
    expect(Number(await stored(created.id))).toBe(1);
    const off = json(await c.put(`/v1/ingredients/${created.id}`, { ingredient: { sugars_based: false } })).ingredient;
    expect(off.sugars_based).toBe(false);
    expect(Number(await stored(created.id))).toBe(0);
    expect(json(await c.get(`/v1/ingredients/${created.id}`)).ingredient.sugars_based).toBe(false);
    const back = json(await c.put(`/v1/ingredients/${created.id}`, { ingredient: { sugars_based: null } })).ingredient;
    expect(back.sugars_based).toBe(false); // "Apple juice concentrate" is not a sugar by name
    expect(await stored(created.id)).toBeNull();
  });

  // "yes", 1 and the like are booleans to the API (Rails form values, docs/api.md#conventions); these are not.
  it.each([['maybe'], [2], [{}], [[true]]])('rejects sugars_based %j with 422 naming the field, writing nothing', async (value) => {
    const c = t.client();
    const before = await t.db.handle.db
      .selectFrom('ingredients')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await c.post('/v1/ingredients', flourBody({ name: 'Bad sugar', sugars_based: value }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors)).toEqual(['sugars_based']);
    const after = await t.db.handle.db
      .selectFrom('ingredients')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const sugar = json(await c.post('/v1/ingredients', flourBody({ name: 'Caster sugar' }))).ingredient;
    const update = await c.put(`/v1/ingredients/${sugar.id}`, { ingredient: { sugars_based: value, name: 'Renamed' } });
    expect(update.statusCode).toBe(422);
    expect(Object.keys(json(update).errors)).toEqual(['sugars_based']);
    expect(json(await c.get(`/v1/ingredients/${sugar.id}`)).ingredient).toMatchObject({ name: 'Caster sugar', sugars_based: true });
    await c.delete(`/v1/ingredients/${sugar.id}`);
  });

  it('is a column of the ingredients spreadsheet: written as stored, read back', async () => {
    const c = t.client();
    const honey = json(await c.post('/v1/ingredients', flourBody({ name: 'Clover honey' }))).ingredient;
    const res = await c.get('/v1/ingredients.csv');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.trim().split('\n');
    const columns = header!.split(',');
    const index = columns.indexOf('sugars_based');
    expect(index).toBeGreaterThan(-1);
    const honeyRow = rows.find((r) => r.includes('Clover honey'))!;
    expect(honeyRow.split(',')[index]).toBe(''); // inferred: blank, left to the name rule on import

    const sheet = `id,name,sugars_based\n${honey.id},Clover honey,false\n`;
    const report = json(await uploadSheet(t, sheet, { kind: 'ingredients', dryRun: false })).import;
    expect(report).toMatchObject({ status: 'applied', updated: 1 });
    expect(json(await c.get(`/v1/ingredients/${honey.id}`)).ingredient.sugars_based).toBe(false);

    const badSheet = `id,name,sugars_based\n${honey.id},Clover honey,maybe\n`;
    const bad = json(await uploadSheet(t, badSheet, { kind: 'ingredients', dryRun: false })).import;
    expect(bad.status).not.toBe('applied');
    expect(JSON.stringify(bad.errors)).toContain('sugars_based');
    expect(json(await c.get(`/v1/ingredients/${honey.id}`)).ingredient.sugars_based).toBe(false);
  });
});
