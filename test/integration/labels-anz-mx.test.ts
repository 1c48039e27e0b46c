// Australian / New Zealand and Mexican labels (docs/api.md#market-anz, docs/api.md#market-mexico) through the HTTP API on every database:
// the ingredient booleans adds_fat, adds_sodium, non_caloric_sweetener, added_caffeine; GET .../label with
// en-AU, en-NZ, es-MX (the worked example of docs/labeling.md#anz-worked-example); one recipe's US, Canadian, EU, ANZ
// and Mexican labels from the same data; the octagons (data and files); bad input (422 naming the
// field, nothing written); approvals of en-AU and es-MX labels; the band in Spanish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

async function created(client: Client, body: Record<string, unknown>): Promise<any> {
  const res = await client.post('/v1/ingredients', body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).ingredient;
}

async function recipeOf(client: Client, name: string, servings: number, lines: Array<[number, number]>): Promise<any> {
  const res = await client.post('/v1/recipes', { recipe: { name, servings } });
  expect(res.statusCode, res.body).toBe(201);
  const recipe = json(res).recipe;
  for (const [ingredient_id, total_grams] of lines) {
    const line = await client.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id, total_grams } });
    expect(line.statusCode, line.body).toBe(201);
  }
  return recipe;
}

// docs/labeling.md#anz-worked-example, per 100 g; fats and salt added, 20 g of added sugars.
const MUESLI = {
  name: 'Muesli bar mix',
  description1: '100 gram',
  weight1: 100,
  calories: 445,
  protein: 8.5,
  fat: 20.3,
  fat_saturated: 9.87,
  fat_trans: 0,
  carbohydrate: 62.5,
  fiber: 5.5,
  sugar: 28.4,
  added_sugar: 20,
  sodium: 215,
  adds_fat: true,
  adds_sodium: true,
};

const row = (label: any, key: string) => label.nutrients.find((r: any) => r.key === key);

describe.each(databaseKinds())('Australian / New Zealand and Mexican labels on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  let muesli: any;
  let bar: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    muesli = await created(c, flourBody(MUESLI));
    // 8 bars of 35 g.
    bar = await recipeOf(c, 'Muesli bar', 8, [[muesli.id, 280]]);
    const put = await c.put(`/v1/recipes/${bar.id}`, {
      recipe: { label_settings: { show_calories: true, percent_daily_intake: true, mx_phase: 3 } },
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(async () => t?.close());

  describe('ingredient booleans (docs/api.md#market-mexico)', () => {
    it('are returned, false by default, and stored as sent', async () => {
      expect(muesli).toMatchObject({ adds_fat: true, adds_sodium: true, non_caloric_sweetener: false, added_caffeine: false });
      const plain = await created(c, flourBody({ name: 'Plain flour' }));
      expect(plain).toMatchObject({ adds_fat: false, adds_sodium: false, non_caloric_sweetener: false, added_caffeine: false });
      const put = await c.put(`/v1/ingredients/${plain.id}`, { added_caffeine: true });
      expect(put.statusCode, put.body).toBe(200);
      expect(json(await c.get(`/v1/ingredients/${plain.id}`)).ingredient).toMatchObject({ added_caffeine: true, adds_fat: false });
    });

    it.each(['adds_fat', 'adds_sodium', 'non_caloric_sweetener', 'added_caffeine'])(
      '%s: a non-boolean is a 422 naming the field, nothing written',
      async (flag) => {
        const names = async () => (json(await c.get('/v1/ingredients?per_page=500')) as any[]).map((e) => e.ingredient.name);
        const before = await names();
        const res = await c.post('/v1/ingredients', flourBody({ name: `Bad ${flag}`, [flag]: 'sometimes' }));
        expect(res.statusCode, res.body).toBe(422);
        expect(Object.keys(json(res).errors ?? json(res).error?.fields ?? {}).join(' ') + res.body).toContain(flag);
        expect(await names()).toEqual(before);
        const put = await c.put(`/v1/ingredients/${muesli.id}`, { [flag]: 7 });
        expect(put.statusCode, put.body).toBe(422);
        expect(put.body).toContain(flag);
        expect(json(await c.get(`/v1/ingredients/${muesli.id}`)).ingredient[flag]).toBe(muesli[flag]);
      },
    );
  });

  it('GET .../label?language=en-AU gives the Schedule 12 panel of the worked example', async () => {
    const res = await c.get(`/v1/recipes/${bar.id}/label?language=en-AU`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-label-complete']).toBe('true');
    const label = json(res).label;
    expect(label).toMatchObject({
      language: 'en-AU',
      format: 'anz_nip',
      title: 'NUTRITION INFORMATION',
      basis: '100g',
      servings_per_container: { value: 8, display: 'Servings per package: 8' },
      serving_size: { display: 'Serving size: 35 g' },
      column_titles: ['Avg. Quantity per Serving', 'Avg. Quantity per 100 g'],
      percent_di_header: '% Daily Intake* (per serving)',
    });
    expect(label.nutrients.map((r: any) => [r.key, r.per_serving.display, r.per_serving.percent_di_display, r.per_100.display])).toEqual([
      ['energy', '668 kJ (160 Cal)', '8%', '1910 kJ (457 Cal)'],
      ['protein', '2.98 g', '6%', '8.5 g'],
      ['fat', '7.11 g', '10%', '20.3 g'],
      ['fat_saturated', '3.45 g', '14%', '9.87 g'],
      ['carbohydrate', '20 g', '6%', '57 g'],
      ['sugar', '9.94 g', '11%', '28.4 g'],
      ['sodium', '75.3 mg', '3%', '215 mg'],
    ]);
    expect(row(label, 'energy').per_100).toMatchObject({ kj: 1910, cal: 457 });
    expect(label.footnote).toContain('8700 kJ');
    expect(label.ingredient_statement).toBe('Ingredients: Muesli bar mix');
    const nz = json(await c.get(`/v1/recipes/${bar.id}/label?language=en-NZ`)).label;
    expect(nz.nutrients).toEqual(label.nutrients);
  });

  it('GET .../label?language=es-MX gives the declaration and the octagons (phase 3, Table 6)', async () => {
    const res = await c.get(`/v1/recipes/${bar.id}/label?language=es-MX`);
    expect(res.statusCode, res.body).toBe(200);
    const label = json(res).label;
    expect(label).toMatchObject({ language: 'es-MX', format: 'mx_table', title: 'Declaración nutrimental', basis: '100g' });
    // 4 x 8.5 + 9 x 20.3 + 4 x 57 = 444.7 kcal; 17 x 8.5 + 37 x 20.3 + 17 x 57 = 1864.6 kJ per 100 g.
    expect(row(label, 'energy').per_100).toMatchObject({ display: '445 kcal (1865 kJ)', kcal: 445, kj: 1865 });
    expect(row(label, 'sodium').per_portion.display).toBe('75 mg');
    // Added sugars 80 kcal of 444.7 (18 %), saturated 88.8 kcal (20 %); sodium 215 mg < 300 and < 1 mg/kcal.
    expect(label.front_of_pack).toEqual({
      seals: ['EXCESO CALORÍAS', 'EXCESO AZÚCARES', 'EXCESO GRASAS SATURADAS'],
      legends: [],
      phase: 3,
      undetermined: [],
    });
    expect(label.ingredient_statement).toBe('Ingredientes: Muesli bar mix');
    expect(label.warnings.map((w: any) => w.code)).toEqual(['missing_translation']);
  });

  it('one recipe gives its US, Canadian, EU, ANZ and Mexican labels from the same data', async () => {
    const labels = await Promise.all(
      ['en-US', 'en-CA', 'en-GB', 'en-AU', 'es-MX'].map(
        async (language) => json(await c.get(`/v1/recipes/${bar.id}/label?language=${language}`)).label,
      ),
    );
    expect(labels.map((l) => l.format)).toEqual(['fda_vertical', 'ca_standard', 'eu_table', 'anz_nip', 'mx_table']);
    const [us, ca, eu, anz, mx] = labels;
    // Sodium of a 35 g serving: 75.25 mg, printed by each market's rule.
    expect(row(us, 'sodium').display).toBe('75mg');
    expect(row(ca, 'sodium').display).toBe('75 mg');
    expect(row(eu, 'salt').per_portion.display).toBe('0.19 g');
    expect(row(anz, 'sodium').per_serving.display).toBe('75.3 mg');
    expect(row(mx, 'sodium').per_portion.display).toBe('75 mg');
  });

  it('octagons as data and as SVG, PNG and PDF (front_of_pack?language=es-MX)', async () => {
    const data = await c.get(`/v1/recipes/${bar.id}/front_of_pack?language=es-MX`);
    expect(data.statusCode, data.body).toBe(200);
    expect(json(data).front_of_pack.seals).toEqual(['EXCESO CALORÍAS', 'EXCESO AZÚCARES', 'EXCESO GRASAS SATURADAS']);
    const svg = await c.get(`/v1/recipes/${bar.id}/front_of_pack.svg?language=es-MX`);
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body.match(/data-key="seal"/g)).toHaveLength(3);
    expect(svg.body).toContain('SECRETARÍA DE SALUD');
    const png = await c.get(`/v1/recipes/${bar.id}/front_of_pack.png?language=es-MX`);
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const pdf = await c.get(`/v1/recipes/${bar.id}/front_of_pack.pdf?language=es-MX`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The Canadian symbol is still the default.
    expect(json(await c.get(`/v1/recipes/${bar.id}/front_of_pack`)).front_of_pack).toHaveProperty('high_in');
  });

  it('label renders: the NIP and the Mexican table as SVG', async () => {
    const nip = await c.get(`/v1/recipes/${bar.id}/label.svg?language=en-AU`);
    expect(nip.statusCode).toBe(200);
    expect(nip.body).toContain('NUTRITION INFORMATION');
    expect(nip.body).toContain('Servings per package: 8');
    const mx = await c.get(`/v1/recipes/${bar.id}/label.png?language=es-MX`);
    expect(mx.statusCode).toBe(200);
  });

  it('bad input is a 422 naming the field, and changes nothing', async () => {
    const settings = async () => json(await c.get(`/v1/recipes/${bar.id}`)).recipe.label_settings;
    const before = await settings();
    for (const [member, value] of [
      ['mx_phase', 4],
      ['show_calories', 'sometimes'],
      ['percent_daily_intake', 'often'],
      ['anz_significant_figures', 4],
      ['anz_percent_di_basis', 'rounded'],
    ] as const) {
      const res = await c.put(`/v1/recipes/${bar.id}`, { recipe: { label_settings: { [member]: value } } });
      expect(res.statusCode, `${member}: ${res.body}`).toBe(422);
      expect(res.body).toContain(member);
    }
    expect(await settings()).toEqual(before);
    const wrong = await c.get(`/v1/recipes/${bar.id}/label?language=en-AU&format=mx_table`);
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.body).toContain('anz_nip');
    const mx = await c.get(`/v1/recipes/${bar.id}/label.svg?language=es-MX&format=eu_table`);
    expect(mx.statusCode, mx.body).toBe(400);
    expect(mx.body).toContain('mx_table');
  });

  it('a recipe with wheat and milk: the names in bold in the list and the PEAL summary, complete, the files drawing them bold', async () => {
    const flour = await created(c, flourBody({ name: 'Plain flour', allergens: { wheat: true } }));
    const butter = await created(c, flourBody({ name: 'Butter', allergens: { milk: true } }));
    const recipe = await recipeOf(c, 'Shortbread', 4, [
      [flour.id, 200],
      [butter.id, 100],
    ]);
    const res = await c.get(`/v1/recipes/${recipe.id}/label?language=en-AU`);
    expect(res.statusCode, res.body).toBe(200);
    const label = json(res).label;
    expect(label.ingredient_statement_runs).toEqual([
      { text: 'Plain flour (', emphasis: false },
      { text: 'wheat', emphasis: true },
      { text: '), Butter (', emphasis: false },
      { text: 'milk', emphasis: true },
      { text: ')', emphasis: false },
    ]);
    expect(label.ingredient_statement).toBe('Ingredients: Plain flour (wheat), Butter (milk)');
    expect(label.allergen_statement).toBe('Contains: wheat, gluten, milk');
    expect(label.allergen_statement_runs).toEqual([
      { text: 'Contains: ', emphasis: false },
      { text: 'wheat', emphasis: true },
      { text: ', ', emphasis: false },
      { text: 'gluten', emphasis: true },
      { text: ', ', emphasis: false },
      { text: 'milk', emphasis: true },
    ]);
    // Nothing else is missing, so nothing holds the label back.
    expect(label.warnings).toEqual([]);
    expect(label.complete).toBe(true);
    expect(res.headers['x-label-complete']).toBe('true');

    const svg = await c.get(`/v1/recipes/${recipe.id}/label.svg?language=en-AU`);
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.headers['x-label-complete']).toBe('true');
    // "wheat" and "milk" in bold twice: in the list, and in the summary.
    for (const word of ['wheat', 'milk']) expect(svg.body.split(`font-weight="bold">${word}</text>`)).toHaveLength(3);
    expect(svg.body).toContain('font-weight="bold">gluten</text>');
    expect(svg.body).not.toContain('NOT FOR PRINT');
    for (const ext of ['png', 'pdf']) {
      const file = await c.get(`/v1/recipes/${recipe.id}/label.${ext}?language=en-AU`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-label-complete']).toBe('true');
    }
  });

  it('a tree nut the ingredient does not name keeps the en-AU label from print, saying so', async () => {
    const nuts = await created(c, flourBody({ name: 'Mixed nuts', allergens: { tree_nut: true } }));
    const recipe = await recipeOf(c, 'Nut mix', 2, [[nuts.id, 100]]);
    const label = json(await c.get(`/v1/recipes/${recipe.id}/label?language=en-NZ`)).label;
    expect(label.ingredient_statement).toBe('Ingredients: Mixed nuts (tree nuts)');
    expect(label.complete).toBe(false);
    expect(label.warnings).toEqual([
      expect.objectContaining({ code: 'format_not_allowed', message: expect.stringContaining('specific nut') }),
    ]);
  });

  it('en-AU and es-MX labels are approved and frozen (docs/api.md#history)', async () => {
    for (const [language, title] of [
      ['en-AU', 'NUTRITION INFORMATION'],
      ['es-MX', 'Declaración nutrimental'],
    ] as const) {
      const res = await c.post(`/v1/recipes/${bar.id}/label_approvals`, { language });
      expect(res.statusCode, res.body).toBe(201);
      const approval = json(res).label_approval;
      expect(approval.label.title).toBe(title);
      const svg = await c.get(`/v1/label_approvals/${approval.id}.svg`);
      expect(svg.statusCode).toBe(200);
      expect(svg.body).toContain(title);
      const again = await c.get(`/v1/label_approvals/${approval.id}.png`);
      const twice = await c.get(`/v1/label_approvals/${approval.id}.png`);
      expect(again.rawPayload.equals(twice.rawPayload)).toBe(true);
      expect(json(await c.get(`/v1/label_approvals/${approval.id}/diff`)).diff.changed).toBe(false);
    }
  });

  it('an incomplete Mexican label and its octagons carry the band in Spanish; unknown added sugars leave seals undetermined', async () => {
    const syrup = await created(c, flourBody({ name: 'Mystery syrup', description1: '100 gram', weight1: 100, adds_sodium: true }));
    const put = await c.put(`/v1/ingredients/${syrup.id}`, { added_sugar: null, sodium: 900 });
    expect(put.statusCode, put.body).toBe(200);
    const recipe = await recipeOf(c, 'Syrup drops', 2, [[syrup.id, 100]]);
    const label = json(await c.get(`/v1/recipes/${recipe.id}/label?language=es-MX`)).label;
    expect(label.complete).toBe(false);
    expect(label.front_of_pack.undetermined).toContain('EXCESO AZÚCARES');
    expect(label.front_of_pack.seals).toContain('EXCESO SODIO');
    const svg = await c.get(`/v1/recipes/${recipe.id}/label.svg?language=es-MX`);
    expect(svg.headers['x-label-complete']).toBe('false');
    expect(svg.body).toContain('DATOS INCOMPLETOS - NO IMPRIMIR');
    const fop = await c.get(`/v1/recipes/${recipe.id}/front_of_pack.svg?language=es-MX`);
    expect(fop.statusCode, fop.body).toBe(200);
    expect(fop.body).toContain('DATOS INCOMPLETOS - NO IMPRIMIR');
  });
});
