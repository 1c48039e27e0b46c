// The label as data through the HTTP API (docs/api.md#labels, docs/api.md#label-data): the FDA sample label, Canadian tables,
// defaults from label_settings, bad options, an empty recipe, and GET /v1/labels/{token}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { FDA_SAMPLE_ROWS } from '../support/fda-sample.js';
import { fdaSampleRecipe, rowOf, rowsOf } from './labels-support.js';

describe.each(databaseKinds())('label data on %s', (kind) => {
  let t: TestApp;
  let sample: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    sample = await fdaSampleRecipe(t.client());
  });
  afterAll(async () => {
    await t.close();
  });
  const label = async (query = '', id = sample.id) => {
    const res = await t.client().get(`/v1/recipes/${id}/label${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).label;
  };

  it('reproduces the 21 CFR 101.9(d)(12) sample label from real ingredients', async () => {
    const l = await label();
    expect(l).toMatchObject({
      recipe_id: sample.id,
      language: 'en-US',
      format: 'fda_vertical',
      serving_size: { household: '2/3 cup', grams: 55, display: '2/3 cup (55g)' },
      servings_per_container: { value: 8, display: '8 servings per container' },
      allergen_statement: 'Contains: Milk, Wheat',
    });
    expect(rowsOf(l)).toEqual(FDA_SAMPLE_ROWS);
    expect(rowOf(l, 'calories')).toMatchObject({ name: 'Calories', amount: 230, unit: 'kcal', percent_dv: null, percent_dv_display: null });
    expect(rowOf(l, 'fat')).toMatchObject({ name: 'Total Fat', amount: 8, unit: 'g', percent_dv: 10 });
    expect(rowOf(l, 'vitamin_d')).toMatchObject({ name: 'Vitamin D', amount: 2, unit: 'mcg' });
    expect(l.footnote).toMatch(/^\*The % Daily Value \(DV\) tells you/);
    expect(l.ingredient_statement).toMatch(/^Ingredients: Secret toasted oat cereal, Cane sugar/);
    // 4.2 g fiber is 15 % of 28 g (101.54(c): 10-19 %), 262 mg calcium 20 % of 1300 mg (101.54(b)).
    expect(l.claims).toEqual(expect.arrayContaining(['Good Source of Fiber', 'High in Calcium', 'High in Iron']));
    expect(l.ingredient_statement).toBe('Ingredients: Secret toasted oat cereal, Cane sugar');
    expect(l.notes).toEqual(expect.any(Array));
  });

  it('the same label under /api/v1, whatever the Accept header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/recipes/${sample.id}/label`,
      headers: { authorization: `Token token=${t.accountA.key}`, accept: 'image/png' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(rowOf(json(res).label, 'calories').display).toBe('230');
  });

  it('Canadian tables: en-CA, fr-CA and bilingual', async () => {
    const en = await label('?language=en-CA');
    expect(en).toMatchObject({ language: 'en-CA', format: 'ca_standard', title: 'Nutrition Facts' });
    expect(en.serving_size.display).toBe('Per 2/3 cup (55 g)');
    expect(en.nutrients.map((r: any) => r.key)).toEqual([
      'calories',
      'fat',
      'fat_saturated',
      'fat_trans',
      'fat_saturated_trans',
      'carbohydrate',
      'fiber',
      'sugar',
      'protein',
      'cholesterol',
      'sodium',
      'potassium',
      'calcium',
      'iron',
    ]);
    // FDR B.01.401 rounding: 231.2 Cal -> 230; 7.9 g fat -> 8 g; 36.8 g carbohydrate -> 37 g; 158 mg sodium -> 160 mg.
    expect(rowOf(en, 'calories').display).toBe('230');
    expect(rowOf(en, 'fat').display).toBe('8 g');
    expect(rowOf(en, 'carbohydrate').display).toBe('37 g');
    expect(rowOf(en, 'sodium').display).toBe('160 mg');
    expect(rowOf(en, 'fat_saturated_trans')).toMatchObject({ amount: null });
    expect(en.footnote).toBe('*5% or less is a little, 15% or more is a lot');
    expect(en.front_of_pack).toEqual(expect.objectContaining({ required: expect.any(Boolean), high_in: expect.any(Array) }));

    const fr = await label('?language=fr-CA');
    expect(fr).toMatchObject({ language: 'fr-CA', format: 'ca_standard', title: 'Valeur nutritive' });
    expect(fr.serving_size.display).toBe('pour 2/3 tasse (55 g)');
    expect(rowOf(fr, 'fat')).toMatchObject({ name: 'Lipides', display: '8 g' });
    expect(fr.ingredient_statement).toMatch(/^Ingrédients : .*Sucres \(sucre de canne\)/);

    const both = await label('?language=en-CA&format=ca_bilingual');
    expect(both).toMatchObject({ language: 'en-CA', format: 'ca_bilingual' });
    expect(both.bilingual).toMatchObject({ title_fr: 'Valeur nutritive' });
    expect(rowOf(both, 'fat')).toMatchObject({ name: 'Fat', name_fr: 'Lipides' });
  });

  it("defaults come from label_settings; a saved format of another language gives way to that language's default", async () => {
    const recipe = json(
      await t.client().post('/v1/recipes', { recipe: { name: 'Settled', label_settings: { language: 'fr-CA', format: 'ca_bilingual' } } }),
    ).recipe;
    expect(await label('', recipe.id)).toMatchObject({ language: 'fr-CA', format: 'ca_bilingual' });
    expect(await label('?language=en-US', recipe.id)).toMatchObject({ language: 'en-US', format: 'fda_vertical' });
    expect(await label('?format=ca_standard', recipe.id)).toMatchObject({ language: 'fr-CA', format: 'ca_standard' });
    const tabular = json(
      await t.client().post('/v1/recipes', { recipe: { name: 'Tabular', label_settings: { format: 'fda_tabular' } } }),
    ).recipe;
    expect(await label('', tabular.id)).toMatchObject({ language: 'en-US', format: 'fda_tabular' });
    expect(await label('?language=en-CA', tabular.id)).toMatchObject({ language: 'en-CA', format: 'ca_standard' });
  });

  it.each([
    ['?language=pt-PT', 'language', /en-US, en-CA, fr-CA, en-GB/],
    ['?language=EN-us', 'language', /en-US, en-CA, fr-CA/],
    ['?format=poster', 'format', /fda_vertical, fda_tabular, fda_linear, fda_simplified, fda_dual_container/],
    ['?language=en-US&format=ca_standard', 'format', /ca_standard belongs to en-CA or fr-CA, not en-US: .*fda_vertical.*for en-US/],
    ['?language=fr-CA&format=fda_vertical', 'format', /ca_standard, ca_bilingual for fr-CA/],
  ])('%s is a 400 naming %s and the valid values', async (query, field, listed) => {
    const res = await t.client().get(`/v1/recipes/${sample.id}/label${query}`);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('BadRequest');
    expect(Object.keys(json(res).errors)).toEqual([field]);
    expect(json(res).errors[field][0]).toMatch(listed);
  });

  it('every format of each language builds', async () => {
    for (const [language, formats] of [
      ['en-US', ['fda_vertical', 'fda_tabular', 'fda_linear', 'fda_simplified', 'fda_dual_container']],
      ['fr-CA', ['ca_standard', 'ca_bilingual']],
    ] as const) {
      for (const format of formats) expect((await label(`?language=${language}&format=${format}`)).format).toBe(format);
    }
  });

  it('a recipe with no lines is a label of zeros, and says so', async () => {
    const empty = json(await t.client().post('/v1/recipes', { recipe: { name: 'Nothing yet' } })).recipe;
    const l = await label('', empty.id);
    expect(rowOf(l, 'calories')).toMatchObject({ amount: 0, display: '0' });
    expect(rowOf(l, 'fat')).toMatchObject({ amount: 0, display: '0g', percent_dv: 0 });
    expect(l.nutrients.every((r: any) => r.amount === 0 || r.amount === null)).toBe(true);
    expect(l.notes.join(' ')).toMatch(/no lines|zero/i);
  });

  it("unknown or another account's recipe: 404", async () => {
    expect((await t.client().get('/v1/recipes/999999/label')).statusCode).toBe(404);
    expect((await t.client().get('/v1/recipes/abc/label')).statusCode).toBe(404);
    expect((await t.client(t.accountB.key).get(`/v1/recipes/${sample.id}/label`)).statusCode).toBe(404);
  });

  it('GET /v1/labels/{token}: saved settings, claims and statements per language; result_format', async () => {
    const recipe = await fdaSampleRecipe(t.client(), { label_settings: { language: 'en-US', format: 'fda_linear', racc_grams: 55 } });
    const res = await t.client().get(`/v1/labels/${recipe.embed_token}`);
    expect(res.statusCode, res.body).toBe(200);
    const saved = json(res).label;
    expect(saved).toMatchObject({
      token: recipe.embed_token,
      recipe_id: recipe.id,
      language: 'en-US',
      format: 'fda_linear',
      label_settings: { format: 'fda_linear', racc_grams: 55 },
    });
    expect(Object.keys(saved.languages)).toEqual([
      'en-US',
      'en-CA',
      'fr-CA',
      'en-GB',
      'en-IE',
      'fr-FR',
      'de-DE',
      'es-ES',
      'it-IT',
      'nl-NL',
      'en-AU',
      'en-NZ',
      'es-MX',
    ]);
    expect(saved.languages['en-AU']).toMatchObject({ format: 'anz_nip', allergen_statement: 'Contains: wheat, gluten, milk' });
    expect(saved.languages['es-MX']).toMatchObject({ format: 'mx_table', front_of_pack: { phase: expect.any(Number) } });
    expect(saved.languages['de-DE']).toMatchObject({ format: 'eu_table', allergen_statement: null });
    expect(saved.languages['en-US']).toMatchObject({ format: 'fda_linear', allergen_statement: 'Contains: Milk, Wheat' });
    expect(saved.languages['en-US'].claims).toEqual(expect.arrayContaining(['High in Calcium']));
    expect(saved.languages['fr-CA'].format).toBe('ca_standard');
    expect(saved.languages['fr-CA'].ingredient_statement).toMatch(/^Ingrédients : /);
    // Canadian tables carry no FDA claims vocabulary, but they do carry the front-of-pack decision.
    expect(saved.languages['en-CA'].front_of_pack).toBeDefined();

    const bilingual = json(await t.client().get(`/v1/labels/${recipe.embed_token}?result_format=ca_bilingual`)).label;
    expect(bilingual.languages['en-CA'].format).toBe('ca_bilingual');
    expect(bilingual.languages['en-US'].format).toBe('fda_linear');
    const bad = await t.client().get(`/v1/labels/${recipe.embed_token}?result_format=poster`);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors.result_format[0]).toMatch(/ca_bilingual/);
    expect((await t.client().get('/v1/labels/not-a-token')).statusCode).toBe(404);
    expect((await t.client(t.accountB.key).get(`/v1/labels/${recipe.embed_token}`)).statusCode).toBe(404);
  });
});
