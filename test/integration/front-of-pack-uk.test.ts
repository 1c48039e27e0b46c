// The UK traffic-light panel through the HTTP API (docs/api.md#uk-front-of-pack): GET /v1/recipes/{id}/front_of_pack
// ?language=en-GB as data (the front_of_pack member of the en-GB label), SVG, PNG and PDF; an unknown
// amount never coloured (X-Label-Complete false, the band on the file); another account's recipe 404; a
// bad language 422 naming the allowed ones. Recipes are built through the API only, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { keepRender, removeRenders } from '../support/renders-to-look-at.js';
import { pngSize } from './labels-support.js';

afterAll(removeRenders);

/**
 * The worked example of docs/labeling.md#eu-uk: 300 g of a biscuit dough whose 100 g hold fat 20 g
 * (saturates 12.4 g), carbohydrate 56 g (sugars 30 g), protein 6 g, sodium 240 mg (salt 0.6 g); 10
 * portions of 30 g. Fat, saturates and sugars are high (red), salt medium (amber).
 */
async function biscuitRecipe(client: Client, name: string, unknown: string | null = null): Promise<any> {
  const created = await client.post(
    '/v1/ingredients',
    flourBody({
      name: `${name} dough`,
      description1: '100 g',
      weight1: 100,
      calories: 428,
      fat: 20,
      fat_saturated: 12.4,
      fat_trans: 0,
      cholesterol: 0,
      sodium: 240,
      carbohydrate: 56,
      fiber: 0,
      sugar: 30,
      protein: 6,
    }),
  );
  expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
  const dough = json(created).ingredient;
  // An amount nobody knows: cleared after creation, as a user does (docs/api.md#trust-and-completeness).
  if (unknown) expect((await client.put(`/v1/ingredients/${dough.id}`, { [unknown]: null })).statusCode).toBe(200);
  const recipe = json(await client.post('/v1/recipes', { recipe: { name, servings: 10, packages: 1 } })).recipe;
  const line = await client.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
    recipe_ingredient: { ingredient_id: dough.id, total_grams: 300 },
  });
  expect(line.statusCode).toBe(201);
  return recipe;
}

describe.each(databaseKinds())('UK front-of-pack traffic-light panel on %s', (kind) => {
  let t: TestApp;
  let biscuit: any;
  let unknownSugar: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    biscuit = await biscuitRecipe(t.client(), 'Shortbread');
    unknownSugar = await biscuitRecipe(t.client(), 'Flapjack', 'sugar');
  });
  afterAll(async () => {
    await t.close();
  });
  const ok = async (path: string) => {
    const res = await t.client().get(path);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res;
  };

  it('data: five boxes per portion with %RI, coloured by the per-100 g bands; the same as the en-GB label carries', async () => {
    const res = await ok(`/v1/recipes/${biscuit.id}/front_of_pack?language=en-GB`);
    expect(res.headers['x-label-complete']).toBe('true');
    const fop = json(res).front_of_pack;
    expect(fop.scheme).toBe('uk_traffic_light');
    expect(fop.heading).toBe('Each portion (30g) contains');
    expect(fop.nutrients.map((n: any) => [n.name, n.per_portion.display, n.percent_ri_display, n.colour])).toEqual([
      ['Energy', '538kJ 128kcal', '6%', null],
      ['Fat', '6.0g', '9%', 'red'],
      ['Saturates', '3.7g', '19%', 'red'],
      ['Sugars', '9.0g', '10%', 'red'],
      ['Salt', '0.18g', '3%', 'amber'],
    ]);
    expect(fop.per_100_line).toBe('Typical values (as sold) per 100g: Energy 1794kJ / 428kcal');
    expect(fop.complete).toBe(true);
    const label = json(await ok(`/v1/recipes/${biscuit.id}/label?language=en-GB`)).label;
    expect(label.front_of_pack).toEqual(fop);
  });

  it('an unknown sugars amount is not coloured: shown as unknown, the panel incomplete', async () => {
    const res = await ok(`/v1/recipes/${unknownSugar.id}/front_of_pack?language=en-GB`);
    expect(res.headers['x-label-complete']).toBe('false');
    const sugars = json(res).front_of_pack.nutrients.find((n: any) => n.key === 'sugar');
    expect(sugars).toMatchObject({ per_portion: null, percent_ri: null, colour: null, uncoloured: 'unknown' });
    const svg = await ok(`/v1/recipes/${unknownSugar.id}/front_of_pack.svg?language=en-GB`);
    expect(svg.headers['x-label-complete']).toBe('false');
    expect(svg.body).toContain('data-nutrient="sugar" data-colour="none"');
    expect(svg.body).toContain('>unknown<');
    expect(svg.body).toContain('INCOMPLETE DATA - NOT FOR PRINT');
  });

  it('SVG: five boxes in a row, coloured, with the reference-intake and per-100 g lines', async () => {
    const res = await ok(`/v1/recipes/${biscuit.id}/front_of_pack.svg?language=en-GB`);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['x-label-complete']).toBe('true');
    expect([...res.body.matchAll(/data-nutrient="([a-z_]+)" data-colour="([a-z]+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ['energy', 'none'],
      ['fat', 'red'],
      ['fat_saturated', 'red'],
      ['sugar', 'red'],
      ['salt', 'amber'],
    ]);
    const texts = [...res.body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toEqual([
      'Each portion (30g) contains',
      'Energy',
      '538kJ',
      '128kcal',
      '6%',
      'Fat',
      '6.0g',
      '9%',
      'Saturates',
      '3.7g',
      '19%',
      'Sugars',
      '9.0g',
      '10%',
      'Salt',
      '0.18g',
      '3%',
      'of an adult&#39;s reference intake',
      'Typical values (as sold) per 100g: Energy 1794kJ / 428kcal',
      '*Reference intake of an average adult (8 400 kJ/2 000 kcal)',
    ]);
    expect(res.body).not.toContain('INCOMPLETE DATA');
  });

  it('PNG (kept in a temporary folder for a look) and PDF', async () => {
    const png = await ok(`/v1/recipes/${biscuit.id}/front_of_pack.png?language=en-GB`);
    expect(png.headers['content-type']).toBe('image/png');
    const { width, height } = pngSize(png.rawPayload);
    expect(width).toBeGreaterThan(2 * height); // a row of five boxes
    if (kind === 'sqlite') {
      keepRender('front-of-pack-en-GB.png', png.rawPayload);
      keepRender(
        'front-of-pack-en-GB-unknown.png',
        (await ok(`/v1/recipes/${unknownSugar.id}/front_of_pack.png?language=en-GB`)).rawPayload,
      );
    }
    const pdf = await ok(`/v1/recipes/${biscuit.id}/front_of_pack.pdf?language=en-GB`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("another account's recipe is 404 for the data and every file", async () => {
    for (const path of ['front_of_pack', 'front_of_pack.svg', 'front_of_pack.png', 'front_of_pack.pdf']) {
      const res = await t.client(t.accountB.key).get(`/v1/recipes/${biscuit.id}/${path}?language=en-GB`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Shortbread');
    }
  });

  it('a language with no front-of-pack scheme is 400 naming the allowed ones', async () => {
    for (const path of ['front_of_pack', 'front_of_pack.svg', 'front_of_pack.png']) {
      for (const language of ['de-DE', 'en-US', 'xx']) {
        const res = await t.client().get(`/v1/recipes/${biscuit.id}/${path}?language=${language}`);
        expect(res.statusCode).toBe(400);
        const body = json(res);
        expect(JSON.stringify(body)).toContain('language');
        expect(JSON.stringify(body)).toContain('en-CA, fr-CA, bilingual, en-GB, es-MX');
      }
    }
  });
});
