// Regression: the sugar-free oat bar sweetened with erythritol (20 g/100 g) had its erythritol counted as
// carbohydrate at 17 kJ/g on the Australian panel (about 1870 kJ/100 g where FSANZ Schedule 11 gives about
// 1550), the US label said "Sugar free" without the Sugar Alcohol row (21 CFR 101.9(c)(6)(iv)) and "a
// sugar-free food" (101.13(e)(2)), and the EU/UK labels had neither "with sweetener(s)" nor the laxative
// statement (1169/2011 Annex III point 2). docs/labeling.md#polyols-and-sweeteners. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { ERYTHRITOL, ingredient, label, oatBar, recipe } from '../support/real-products.js';

const row = (l: any, key: string) => l.nutrients.find((r: any) => r.key === key);

describe.each(databaseKinds())('an erythritol bar counted as sugar energy, on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  let bar: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    bar = await oatBar(c);
  });
  afterAll(async () => {
    await t.close();
  });

  it('FSANZ Schedule 11: erythritol at 1 kJ/g, out of carbohydrate, and a Polyols row', async () => {
    const l = await label(c, bar.id, 'language=en-AU');
    // Per 100 g: protein 8.0, fat 20.4, available carbohydrate 60.8 - 6 fibre - 20 polyols = 34.8, fibre 6, erythritol 20.
    // 8*17 + 20.4*37 + 34.8*17 + 6*8 + 20*1 = 1550.4 kJ (was 1870.4 with the erythritol at 17 kJ/g).
    expect(row(l, 'energy').per_100.kj).toBe(1550);
    expect(row(l, 'carbohydrate').per_100.amount).toBe(34.8);
    expect(row(l, 'sugar_alcohol').per_100.amount).toBe(20);
    expect(l.warnings.map((w: any) => w.code)).toContain('polyol_factor_unconfirmed');
    expect(l.mandatory_statements.map((s: any) => s.code)).toEqual(['laxative']);
  });

  it('Regulation (EU) 1169/2011 Annex XIV: erythritol 0 kJ, a polyols row; Annex III point 2 statements in each language', async () => {
    const l = await label(c, bar.id, 'language=en-GB');
    // 8*17 + 20.4*37 + (54.8-20)*17 + 6*8 + 20*0 = 1530.4 kJ; kcal 8*4 + 20.4*9 + 34.8*4 + 6*2 = 366.8.
    expect(row(l, 'energy').per_100.kj).toBe(1530);
    expect(row(l, 'energy').per_100.kcal).toBe(367);
    expect(row(l, 'sugar_alcohol').per_100.display).toBe('20 g');
    expect(l.mandatory_statements.map((s: any) => s.text)).toEqual([
      'with sweetener(s)',
      'excessive consumption may produce laxative effects',
    ]);
    expect(l.warnings.map((w: any) => w.code)).toContain('statement_wording_unconfirmed');
    const de = await label(c, bar.id, 'language=de-DE');
    expect(de.mandatory_statements.map((s: any) => s.text)).toEqual([
      'mit Süßungsmittel(n)',
      'kann bei übermäßigem Verzehr abführend wirken',
    ]);
  });

  it('21 CFR 101.9(c)(6)(iv) and 101.13(e)(2): "Sugar Free" with the Sugar Alcohol row, never "a sugar-free food"', async () => {
    const l = await label(c, bar.id, 'language=en-US');
    expect(l.claims).toContain('Sugar Free');
    expect(l.claims.some((claim: string) => /a sugar-free food/.test(claim))).toBe(false);
    // 50 g bar: 10 g erythritol.
    expect(row(l, 'sugar_alcohol')?.display).toBe('10g');
    // Sugar alcohols stay in total carbohydrate (101.9(c)(6)).
    expect(row(l, 'carbohydrate').amount).toBe(30);
  });

  it('an ingredient that is a polyol by name but states no amount leaves energy unknown, never zero', async () => {
    const { sugar_alcohol: _a, erythritol: _b, ...noAmount } = ERYTHRITOL as Record<string, unknown>;
    const sweetener = await ingredient(c, { ...noAmount, name: 'Erythritol granules' });
    const r = await recipe(c, { name: 'Unknown sweetener bar', servings: 2 }, [[sweetener.id, 100]]);
    for (const language of ['en-AU', 'es-MX', 'en-GB']) {
      const l = await label(c, r.id, `language=${language}`);
      expect(l.complete, language).toBe(false);
      expect(l.warnings.find((w: any) => w.nutrient === 'sugar_alcohol')?.ingredient_ids, language).toEqual([sweetener.id]);
    }
    const anz = await label(c, r.id, 'language=en-AU');
    expect(row(anz, 'energy').per_100.display).toBe('unknown');
  });

  it('label_settings.mx_polyol_factor_kcal: bad values are 422 naming it, nothing written', async () => {
    for (const bad of [-1, 5, 'two', true]) {
      const res = await c.put(`/v1/recipes/${bar.id}`, { recipe: { label_settings: { mx_polyol_factor_kcal: bad } } });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.body).toContain('mx_polyol_factor_kcal');
    }
    const read = json(await c.get(`/v1/recipes/${bar.id}`)).recipe;
    expect(read.label_settings.mx_polyol_factor_kcal).toBeUndefined();
    const ok = await c.put(`/v1/recipes/${bar.id}`, { recipe: { label_settings: { mx_polyol_factor_kcal: 0 } } });
    expect(ok.statusCode, ok.body).toBe(200);
    const mx = await label(c, bar.id, 'language=es-MX');
    // 8*4 + 20.4*9 + 34.8*4 + 20*0 = 354.8 kcal (fibre: no factor in 5.1.1).
    expect(row(mx, 'energy').per_100.kcal).toBe(355);
  });
});
