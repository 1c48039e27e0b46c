// EU/UK labels (docs/api.md#market-eu-uk) through the HTTP API on every database: the new nutrient fields and
// their checks, GET .../label?language=en-GB|de-DE|..., the 422 for a format of another market, one
// recipe's US, Canadian and EU labels from the same data, approvals of an EU label, and the
// "not for print" band in the label's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

async function created(client: Client, body: Record<string, unknown>): Promise<any> {
  const res = await client.post('/v1/ingredients', body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).ingredient;
}

describe.each(databaseKinds())('EU/UK labels on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  let shortbread: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    // The worked example's 100 g: fat 20, saturates 12.4, carbohydrate 56 (no fibre), sugars 30, protein 6, sodium 240 mg.
    const dough = await created(
      c,
      flourBody({
        name: 'Shortbread dough',
        description1: '100 gram',
        weight1: 100,
        calories: 428,
        fat: 20,
        fat_saturated: 12.4,
        carbohydrate: 56,
        fiber: 0,
        sugar: 30,
        protein: 6,
        sodium: 240,
        starch: 26,
        alcohol: 0,
        allergens: { wheat: true, milk: true },
      }),
    );
    const res = await c.post('/v1/recipes', { recipe: { name: 'Shortbread', servings: 10 } });
    expect(res.statusCode, res.body).toBe(201);
    shortbread = json(res).recipe;
    const line = await c.post(`/v1/recipes/${shortbread.id}/recipe_ingredients`, {
      recipe_ingredient: { ingredient_id: dough.id, total_grams: 300 },
    });
    expect(line.statusCode, line.body).toBe(201);
  });
  afterAll(async () => t?.close());

  describe('new nutrient fields (docs/api.md#more-nutrients)', () => {
    it('stores and returns starch, alcohol, organic_acids, erythritol and salatrim per 100 g; absent is null (unknown)', async () => {
      const i = await created(
        c,
        flourBody({
          name: 'Sweetener blend',
          description1: '50 gram',
          weight1: 50,
          sugar_alcohol: 40,
          erythritol: 30,
          fat: 10,
          salatrim: 5,
          organic_acids: 1,
        }),
      );
      expect(i).toMatchObject({ sugar_alcohol: 80, erythritol: 60, fat: 20, salatrim: 10, organic_acids: 2, starch: null, alcohol: null });
    });

    it.each([
      ['starch', { starch: -1 }],
      ['erythritol', { sugar_alcohol: 5, erythritol: 6 }],
      ['salatrim', { fat: 1, salatrim: 2 }],
    ])('%s: 422 naming the field, nothing saved', async (field, body) => {
      const names = async () => (json(await c.get('/v1/ingredients?per_page=500')) as any[]).map((e) => e.ingredient.name);
      const before = await names();
      expect(before.length).toBeGreaterThan(0);
      const res = await c.post('/v1/ingredients', flourBody({ name: `Bad ${field}`, ...body }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.body).toContain(field);
      expect(await names()).toEqual(before);
    });

    it('an update that lowers the whole below its part is a 422 on the whole, and changes nothing', async () => {
      const i = await created(c, flourBody({ name: 'Spread', fat: 60, salatrim: 30 }));
      const res = await c.put(`/v1/ingredients/${i.id}`, { fat: 10 });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.body).toContain('fat');
      expect(json(await c.get(`/v1/ingredients/${i.id}`)).ingredient.fat).toBeCloseTo(i.fat, 10);
    });
  });

  it('GET .../label?language=en-GB gives the Annex XV declaration of the worked example', async () => {
    const res = await c.get(`/v1/recipes/${shortbread.id}/label?language=en-GB`);
    expect(res.statusCode, res.body).toBe(200);
    // Art. 21(1)(b): wheat and milk emphasised inside the list, so nothing keeps the label from print.
    expect(res.headers['x-label-complete']).toBe('true');
    expect(json(res).label.warnings).toEqual([]);
    const label = json(res).label;
    expect(label).toMatchObject({ language: 'en-GB', format: 'eu_table', basis: '100g', portion: { grams: 30 }, portions_per_pack: 10 });
    expect(label.nutrients.map((r: any) => [r.key, r.per_100.display, r.per_portion.display, r.per_portion.percent_ri_display])).toEqual([
      ['energy', '1794 kJ / 428 kcal', '538 kJ / 128 kcal', '6%'],
      ['fat', '20 g', '6.0 g', '9%'],
      ['fat_saturated', '12 g', '3.7 g', '19%'],
      ['carbohydrate', '56 g', '17 g', '6%'],
      ['sugar', '30 g', '9.0 g', '10%'],
      ['protein', '6.0 g', '1.8 g', '4%'],
      ['salt', '0.60 g', '0.18 g', '3%'],
    ]);
    expect(label.servings_per_container.display).toBe('This pack contains 10 portions');
    expect(label.allergen_statement).toBeNull();
    expect(label.ingredient_statement).toBe('Ingredients: Shortbread dough (milk, wheat)');
    expect(label.ingredient_statement_runs).toEqual([
      { text: 'Shortbread dough (', emphasis: false },
      { text: 'milk', emphasis: true },
      { text: ', ', emphasis: false },
      { text: 'wheat', emphasis: true },
      { text: ')', emphasis: false },
    ]);
  });

  it.each([
    ['en-GB', 'eu_table', ['milk', 'wheat']],
    ['de-DE', 'eu_linear', ['Milch', 'Weizen']],
  ])('%s %s: the files draw the emphasised allergens in bold, and carry no band', async (language, format, bold) => {
    const svg = await c.get(`/v1/recipes/${shortbread.id}/label.svg?language=${language}&format=${format}`);
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.headers['x-label-complete']).toBe('true');
    for (const word of bold) expect(svg.body).toContain(`font-weight="bold">${word}</text>`);
    expect(svg.body).not.toContain('NOT FOR PRINT');
    for (const ext of ['png', 'pdf']) {
      const file = await c.get(`/v1/recipes/${shortbread.id}/label.${ext}?language=${language}&format=${format}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-label-complete']).toBe('true');
    }
  });

  it('embeds of EU labels work: the page, .svg and .png, with the allergens in bold and a wrong format a 422', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const page = await get(`/embed/${shortbread.embed_token}?language=de-DE`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Nährwertdeklaration');
    const svg = await get(`/embed/${shortbread.embed_token}.svg?language=en-GB&format=eu_linear`);
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('font-weight="bold">wheat</text>');
    const png = await get(`/embed/${shortbread.embed_token}.png?language=fr-FR`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await get(`/embed/${shortbread.embed_token}.svg?language=de-DE&format=fda_vertical`)).statusCode).toBe(400);
  });

  it('starch is a voluntary row when asked; German prints the decimal comma', async () => {
    const put = await c.put(`/v1/recipes/${shortbread.id}`, { recipe: { label_settings: { optional_nutrients: ['starch'] } } });
    expect(put.statusCode, put.body).toBe(200);
    const label = json(await c.get(`/v1/recipes/${shortbread.id}/label?language=de-DE`)).label;
    expect(label.nutrients.find((r: any) => r.key === 'starch')).toMatchObject({ name: 'davon Stärke', indent: 1 });
    expect(label.nutrients.find((r: any) => r.key === 'starch').per_portion.display).toBe('7,8 g');
    const reset = await c.put(`/v1/recipes/${shortbread.id}`, { recipe: { label_settings: { optional_nutrients: null } } });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('a statement in German that falls back to English names is a missing_translation warning; French uses name_fr', async () => {
    const de = json(await c.get(`/v1/recipes/${shortbread.id}/label?language=de-DE`)).label;
    expect(de.ingredient_statement).toBe('Zutaten: Shortbread dough (Milch, Weizen)');
    const warning = de.warnings.find((w: any) => w.code === 'missing_translation');
    expect(warning.message).toContain('German');
    expect(warning.message).toContain('Shortbread dough');
    const dough = (json(await c.get('/v1/ingredients?per_page=500')) as any[]).find(
      (e) => e.ingredient.name === 'Shortbread dough',
    ).ingredient;
    const put = await c.put(`/v1/ingredients/${dough.id}`, { name_fr: 'Pâte sablée' });
    expect(put.statusCode, put.body).toBe(200);
    const fr = json(await c.get(`/v1/recipes/${shortbread.id}/label?language=fr-FR`)).label;
    expect(fr.ingredient_statement).toBe('Ingrédients : Pâte sablée (lait, blé)');
    expect(fr.warnings.filter((w: any) => w.code === 'missing_translation')).toEqual([]);
  });

  it('a format of another market in the query is a 400 naming the formats allowed for the language', async () => {
    const res = await c.get(`/v1/recipes/${shortbread.id}/label?language=fr-FR&format=ca_standard`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('eu_table, eu_linear');
    const us = await c.get(`/v1/recipes/${shortbread.id}/label?language=en-US&format=eu_table`);
    expect(us.statusCode, us.body).toBe(400);
    expect(us.body).toContain('fda_vertical');
    const unknown = await c.get(`/v1/recipes/${shortbread.id}/label?language=pt-PT`);
    expect(unknown.statusCode, unknown.body).toBe(400);
  });

  it('one recipe gives its US, Canadian and EU labels from the same data', async () => {
    const [us, ca, eu] = await Promise.all(
      ['en-US', 'fr-CA', 'en-GB'].map(
        async (language) => json(await c.get(`/v1/recipes/${shortbread.id}/label?language=${language}`)).label,
      ),
    );
    expect(us.format).toBe('fda_vertical');
    expect(ca.format).toBe('ca_standard');
    expect(eu.format).toBe('eu_table');
    // 30 g portion: the FDA's 6 g fat, Canada's 6 g, the EU's 6.0 g; sodium 72 mg is salt 0.18 g.
    expect(us.nutrients.find((r: any) => r.key === 'fat').display).toBe('6g');
    expect(ca.nutrients.find((r: any) => r.key === 'fat').display).toBe('6 g');
    expect(eu.nutrients.find((r: any) => r.key === 'fat').per_portion.display).toBe('6.0 g');
    expect(us.nutrients.find((r: any) => r.key === 'sodium').display).toBe('70mg');
    expect(eu.nutrients.find((r: any) => r.key === 'salt').per_portion.display).toBe('0.18 g');
    expect(us.allergen_statement).toBe('Contains: Milk, Wheat');
  });

  it('an EU label is approved, frozen and rendered like any other (docs/api.md#history)', async () => {
    const syrup = await created(c, flourBody({ name: 'Glucose syrup', description1: '100 gram', weight1: 100 }));
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Syrup', servings: 4 } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: syrup.id, total_grams: 200 } });
    const res = await c.post(`/v1/recipes/${recipe.id}/label_approvals`, { language: 'it-IT', format: 'eu_linear' });
    expect(res.statusCode, res.body).toBe(201);
    const approval = json(res).label_approval;
    expect(approval).toMatchObject({ language: 'it-IT', format: 'eu_linear' });
    expect(approval.label.nutrients[0].name).toBe('Energia');
    const svg = await c.get(`/v1/label_approvals/${approval.id}.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('Dichiarazione nutrizionale');
    expect(json(await c.get(`/v1/label_approvals/${approval.id}/diff`)).diff.changed).toBe(false);
  });

  it('an incomplete EU label says so and its files carry the band in the label language (docs/api.md#trust-and-completeness)', async () => {
    const mystery = await created(c, flourBody({ name: 'Mystery salt', description1: '1 gram', weight1: 1 }));
    const put = await c.put(`/v1/ingredients/${mystery.id}`, { sodium: null });
    expect(put.statusCode, put.body).toBe(200);
    const res = await c.post('/v1/recipes', { recipe: { name: 'Salted', servings: 1 } });
    const recipe = json(res).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: mystery.id, total_grams: 10 } });
    const label = await c.get(`/v1/recipes/${recipe.id}/label?language=de-DE`);
    expect(label.headers['x-label-complete']).toBe('false');
    expect(json(label).label.warnings.map((w: any) => [w.code, w.nutrient])).toContainEqual(['missing_nutrient', 'sodium']);
    const svg = await c.get(`/v1/recipes/${recipe.id}/label.svg?language=de-DE`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['x-label-complete']).toBe('false');
    expect(svg.body).toContain('UNVOLLSTÄNDIGE DATEN - NICHT DRUCKEN');
    const nl = await c.get(`/v1/recipes/${recipe.id}/label.svg?language=nl-NL&format=eu_linear`);
    expect(nl.body).toContain('ONVOLLEDIGE GEGEVENS - NIET AFDRUKKEN');
  });
});
