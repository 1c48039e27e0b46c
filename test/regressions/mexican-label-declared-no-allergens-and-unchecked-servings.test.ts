// Regression: the bakery's Mexican labels declared no allergens ("Contiene:", NOM-051 4.2.2.2.3) and were
// complete; "4 slices (204 g)" of bread against a 50 g reference amount printed as complete (21 CFR
// 101.9(b)(2)); Canadian French serving statements were in English ("pour 1/24 cake (77 g)", FDR B.01.012);
// approving an en-GB or es-MX label froze no front-of-pack drawing (their files answered 422). Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { BUTTER, ingredient, label, OATS, oatBar, recipe } from '../support/real-products.js';

describe.each(databaseKinds())('labels a shop could not print, on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  let bar: any;
  let loaf: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    bar = await oatBar(c, { mx_phase: 2 });
    const oats = await ingredient(c, { ...OATS, name: 'Bread dough' });
    const butter = await ingredient(c, { ...BUTTER, name: 'Butter for bread' });
    // 12 servings of 4 slices of 51 g.
    loaf = await recipe(c, { name: 'Sourdough loaf', servings: 12, suggested_serving: '4 slices', label_settings: { racc_grams: 50 } }, [
      [oats.id, 2400],
      [butter.id, 48],
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('NOM-051 4.2.2.2.3: the Mexican label says "Contiene:" and emphasises the allergens in the list', async () => {
    const l = await label(c, bar.id, 'language=es-MX');
    expect(l.allergen_statement).toBe('Contiene: leche, avena.');
    expect(l.complete).toBe(true);
    const emphasised = l.ingredient_statement_runs.filter((r: any) => r.emphasis).map((r: any) => r.text);
    expect(emphasised).toContain('avena');
    expect(emphasised).toContain('leche');
    expect(l.notes.join(' ')).not.toContain('is not generated');
  });

  it('21 CFR 101.9(b)(2)(i)(C): "4 slices" of 51 g against 50 g is not permitted (1 slice), until accepted', async () => {
    const l = await label(c, loaf.id, 'language=en-US');
    const w = l.warnings.find((x: any) => x.code === 'serving_size_not_permitted');
    expect(w?.message).toContain('declare 1 slice');
    expect(l.complete).toBe(false);
    const bad = await c.put(`/v1/recipes/${loaf.id}`, { recipe: { label_settings: { racc_grams: 50, accept_serving_size: 'maybe' } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('accept_serving_size');
    const put = await c.put(`/v1/recipes/${loaf.id}`, { recipe: { label_settings: { racc_grams: 50, accept_serving_size: true } } });
    expect(put.statusCode, put.body).toBe(200);
    const accepted = await label(c, loaf.id, 'language=en-US');
    expect(accepted.warnings.find((x: any) => x.code === 'serving_size_not_permitted')?.accepted).toBe(true);
  });

  it('FDR B.01.012: the French serving statement in French ("1 carré"), an English word is missing_translation', async () => {
    const square = await recipe(c, { name: 'Square', servings: 4, suggested_serving: '1 piece of cake' }, []);
    let l = await label(c, square.id, 'language=fr-CA');
    expect(l.serving_size.display).toContain('morceau');
    const put = await c.put(`/v1/recipes/${square.id}`, { recipe: { suggested_serving: '1 wedge', label_settings: {} } });
    expect(put.statusCode, put.body).toBe(200);
    l = await label(c, square.id, 'language=fr-CA');
    expect(l.warnings.map((w: any) => w.code)).toContain('missing_translation');
    expect(l.complete).toBe(false);
    await c.put(`/v1/recipes/${square.id}`, { recipe: { label_settings: { household_serving_fr: '1 pointe' } } });
    l = await label(c, square.id, 'language=fr-CA');
    expect(l.serving_size.display.startsWith('pour 1 pointe')).toBe(true);
    expect(l.warnings.map((w: any) => w.code)).not.toContain('missing_translation');
  });

  it('approvals freeze the UK traffic-light panel and the Mexican octagons, byte for byte', async () => {
    for (const language of ['en-GB', 'es-MX']) {
      const res = await c.post(`/v1/recipes/${bar.id}/label_approvals`, { language, accept_incomplete: true });
      expect(res.statusCode, res.body).toBe(201);
      const id = json(res).label_approval.id;
      const first = await c.get(`/v1/label_approvals/${id}/front_of_pack.svg`);
      expect(first.statusCode, `${language} ${first.body.slice(0, 300)}`).toBe(200);
      // The recipe changes; the frozen drawing does not.
      await c.put(`/v1/recipes/${bar.id}`, { recipe: { servings: 10 } });
      const again = await c.get(`/v1/label_approvals/${id}/front_of_pack.svg`);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      await c.put(`/v1/recipes/${bar.id}`, { recipe: { servings: 20 } });
    }
  });
});
