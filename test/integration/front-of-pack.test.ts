// The Canadian "High in" nutrition symbol through the HTTP API (docs/api.md#canada-front-of-pack): the determination as
// data, the symbol as SVG, PNG and PDF in the six variants, X-Label-Complete, the 422s (no symbol
// required, bad language, orientation, zoom or page size), render slots like label files, and the
// OpenAPI entries. Recipes are built through the API only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flourBody, json, type Client } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { keepRender, removeRenders } from '../support/renders-to-look-at.js';
import { fdaSampleRecipe, pdfMediaBox, pngSize } from './labels-support.js';
import { createLimitsApp, type LimitsApp } from './limits-support.js';

afterAll(removeRenders);

/**
 * 200 g of a sauce (per 100 g: 10 g saturated fat, 50 g sugars, 800 mg sodium), 4 servings of 50 g.
 * Per serving (= reference amount, 50 g > 30 g: 15 % thresholds, FDR B.01.350(1)): 5 g saturated fat
 * (25 % of 20 g), 25 g sugars (25 % of 100 g), 400 mg sodium (17.4 % of 2300 mg): high in all three.
 */
async function caramelRecipe(client: Client, over: Record<string, unknown> = {}): Promise<any> {
  const sauce = json(
    await client.post(
      '/v1/ingredients',
      flourBody({
        name: 'Salted caramel sauce',
        description1: '100 g',
        weight1: 100,
        calories: 400,
        fat: 16,
        fat_saturated: 10,
        fat_trans: 0,
        cholesterol: 40,
        sodium: 800,
        carbohydrate: 60,
        fiber: 0,
        sugar: 50,
        added_sugar: 45,
        protein: 2,
        // Every row of the Canadian table known: a complete label (docs/api.md#trust-and-completeness).
        potassium: 90,
        vitamin_d_mcg: 0,
      }),
    ),
  ).ingredient;
  const recipe = json(
    await client.post('/v1/recipes', { recipe: { name: 'Sauce caramel salé', servings: 4, packages: 1, ...over } }),
  ).recipe;
  const line = await client.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
    recipe_ingredient: { ingredient_id: sauce.id, total_grams: 200 },
  });
  expect(line.statusCode).toBe(201);
  return recipe;
}

describe.each(databaseKinds())('front-of-pack nutrition symbol on %s', (kind) => {
  let t: LimitsApp;
  let caramel: any;
  let granola: any;
  beforeAll(async () => {
    t = await createLimitsApp(kind, 'memory', { limitsA: { render_limit: 2 } });
    caramel = await caramelRecipe(t.client());
    granola = await fdaSampleRecipe(t.client());
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { authorization: `Token token=${t.accountA.key}`, accept: 'application/json' } });
  const ok = async (path: string) => {
    const res = await get(path);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res;
  };

  it('data: the front_of_pack member of the Canadian label, required or not, with X-Label-Complete', async () => {
    const res = await ok(`/v1/recipes/${caramel.id}/front_of_pack`);
    expect(json(res)).toEqual({ front_of_pack: { required: true, high_in: ['saturated_fat', 'sugars', 'sodium'], exemption: null } });
    expect(res.headers['x-label-complete']).toBe('true');
    const label = json(await ok(`/v1/recipes/${caramel.id}/label?language=en-CA`)).label;
    expect(json(res).front_of_pack).toEqual(label.front_of_pack);
    // 12.3 g sugars, 158 mg sodium, 1.1 g saturated fat per 55 g serving: under 15 %, no symbol.
    expect(json(await ok(`/v1/recipes/${granola.id}/front_of_pack`))).toEqual({
      front_of_pack: { required: false, high_in: [], exemption: null },
    });
    // A smaller reference amount (30 g, 10 % thresholds) makes the same serving high in sugars (B.01.350(1)(b), (2)).
    const small = await fdaSampleRecipe(t.client(), {
      name: 'Granola, small reference amount',
      label_settings: { reference_amount_grams: 30 },
    });
    expect(json(await ok(`/v1/recipes/${small.id}/front_of_pack`)).front_of_pack).toEqual({
      required: true,
      high_in: ['sugars'],
      exemption: null,
    });
  });

  it('SVG in the six variants: the words of each, bars in order, headers', async () => {
    const cases = [
      ['en-CA', 'horizontal', ['High in', 'Sat fat', 'Sugars', 'Sodium', 'Health Canada']],
      ['fr-CA', 'horizontal', ['Élevé en', 'Gras sat.', 'Sucres', 'Sodium', 'Santé Canada']],
      [
        'bilingual',
        'horizontal',
        ['High in / Élevé en', 'Sat fat / Gras sat.', 'Sugars / Sucres', 'Sodium', 'Health Canada / Santé Canada'],
      ],
      ['en-CA', 'vertical', ['High in', 'Sat fat', 'Sugars', 'Sodium', 'Health Canada']],
      ['fr-CA', 'vertical', ['Élevé en', 'Gras sat.', 'Sucres', 'Sodium', 'Santé Canada']],
      [
        'bilingual',
        'vertical',
        ['High in', 'Élevé en', 'Sat fat', 'Gras sat.', 'Sugars', 'Sucres', 'Sodium', 'Health Canada', 'Santé Canada'],
      ],
    ] as const;
    for (const [language, orientation, words] of cases) {
      const res = await ok(`/v1/recipes/${caramel.id}/front_of_pack.svg?language=${language}&orientation=${orientation}`);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-disposition']).toBe('inline; filename="sauce-caramel-sale-front-of-pack.svg"');
      expect(res.headers['x-label-complete']).toBe('true');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const texts = [...res.body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(texts, `${language} ${orientation}`).toEqual(words);
      expect([...res.body.matchAll(/data-nutrient="([a-z_]+)" data-high="true"/g)].map((m) => m[1])).toEqual([
        'saturated_fat',
        'sugars',
        'sodium',
      ]);
      expect(res.body).toContain('@font-face'); // the public SVG carries its font
    }
    // Defaults: bilingual, horizontal.
    const byDefault = (await ok(`/v1/recipes/${caramel.id}/front_of_pack.svg`)).body;
    expect(byDefault).toContain('High in / Élevé en');
  });

  it('PNG: one per variant, zoom like labels (kept in a temporary folder for a look); PDF on its own page or on paper', async () => {
    for (const language of ['en-CA', 'fr-CA', 'bilingual']) {
      for (const orientation of ['horizontal', 'vertical']) {
        const res = await ok(`/v1/recipes/${caramel.id}/front_of_pack.png?language=${language}&orientation=${orientation}`);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['x-label-complete']).toBe('true');
        const { width, height } = pngSize(res.rawPayload);
        if (orientation === 'horizontal') expect(width).toBeGreaterThan(height);
        else expect(height).toBeGreaterThan(width);
        if (kind === 'sqlite') keepRender(`front-of-pack-${language}-${orientation}.png`, res.rawPayload);
      }
    }
    const one = pngSize((await ok(`/v1/recipes/${caramel.id}/front_of_pack.png?zoom=1`)).rawPayload);
    const six = pngSize((await ok(`/v1/recipes/${caramel.id}/front_of_pack.png?zoom=6`)).rawPayload);
    expect(six.width).toBeGreaterThan(one.width * 5.9);
    expect(six.width).toBeLessThan(one.width * 6.1);

    const pdf = await ok(`/v1/recipes/${caramel.id}/front_of_pack.pdf?language=fr-CA`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="sauce-caramel-sale-front-of-pack.pdf"');
    expect(pdf.headers['x-label-complete']).toBe('true');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const auto = pdfMediaBox(pdf.rawPayload);
    expect(auto[2]).toBeLessThan(250); // the symbol's own size plus a margin
    expect(pdfMediaBox((await ok(`/v1/recipes/${caramel.id}/front_of_pack.pdf?page_size=letter`)).rawPayload)).toEqual([0, 0, 612, 792]);
  });

  it('422 ValidationFailed when no symbol is required, saying why; nothing rendered', async () => {
    for (const format of ['svg', 'png', 'pdf']) {
      const res = await get(`/v1/recipes/${granola.id}/front_of_pack.${format}`);
      expect(res.statusCode).toBe(422);
      const body = json(res);
      expect(body).toMatchObject({ error: 'ValidationFailed', errors: { front_of_pack: ['no symbol is required'] } });
      expect(body.message).toMatch(/needs no front-of-package nutrition symbol.*under the thresholds of FDR B\.01\.350\(1\)/);
      expect(body.request_id).toEqual(expect.any(String));
    }
    const exempt = await caramelRecipe(t.client(), {
      name: 'Caramel exempt',
      label_settings: { front_of_pack_exemption: 'sweetening agent (B.01.350(5)(g))' },
    });
    expect(json(await ok(`/v1/recipes/${exempt.id}/front_of_pack`)).front_of_pack).toEqual({
      required: false,
      high_in: ['saturated_fat', 'sugars', 'sodium'],
      exemption: 'sweetening agent (B.01.350(5)(g))',
    });
    const res = await get(`/v1/recipes/${exempt.id}/front_of_pack.svg`);
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toContain('exempt (sweetening agent (B.01.350(5)(g)))');
  });

  it.each([
    ['front_of_pack.svg?orientation=diagonal', 'orientation'],
    ['front_of_pack?orientation=Horizontal', 'orientation'],
    ['front_of_pack.png?language=en-US', 'language'],
    ['front_of_pack?language=fr', 'language'],
    ['front_of_pack.png?zoom=0.5', 'zoom'],
    ['front_of_pack.png?zoom=abc', 'zoom'],
    ['front_of_pack.pdf?page_size=A9', 'page_size'],
  ])('400 naming the field for %s (a mistake in the query)', async (path, field) => {
    const res = await get(`/v1/recipes/${caramel.id}/${path}`);
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.error).toBe('BadRequest');
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.message).not.toMatch(/stack|at .*\.ts|SELECT/i);
  });

  it('a NUL in the query string is 400 BadRequest, as on every route (test/regressions/nul-character-answers-500-on-postgresql.test.ts)', async () => {
    const res = await get(`/v1/recipes/${caramel.id}/front_of_pack?language=%00`);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('BadRequest');
  });

  it('incomplete data: the symbol carries the band and X-Label-Complete: false; drawn over the symbol', async () => {
    // Caramel high in all three, but a second line with no potassium value: the label is incomplete.
    const client = t.client();
    const recipe = await caramelRecipe(client, { name: 'Caramel with an unknown' });
    const unknown = json(await client.post('/v1/ingredients', flourBody({ name: 'Flour, potassium unknown' }))).ingredient;
    expect(
      (
        await client.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
          recipe_ingredient: { ingredient_id: unknown.id, total_grams: 1 },
        })
      ).statusCode,
    ).toBe(201);
    const svg = await ok(`/v1/recipes/${recipe.id}/front_of_pack.svg?language=fr-CA`);
    expect(svg.headers['x-label-complete']).toBe('false');
    expect(svg.body).toContain('class="incomplete-band"');
    expect(svg.body).toContain('DONNÉES INCOMPLÈTES - NE PAS IMPRIMER');
    // An undecided symbol (a threshold nutrient unknown) is only possible with library foods, whose
    // sodium may be null: the 422's wording is tested with the determination in test/unit/label/warnings.test.ts.
  });

  it('a NUL in the query is a 400 BadRequest before any route (docs/api.md#errors), as on every route', async () => {
    const res = await get(`/v1/recipes/${caramel.id}/front_of_pack?language=%00`);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: 'BadRequest' });
  });

  it('an over-long query member is refused by the schema, 400 naming it, as on label routes', async () => {
    const res = await get(`/v1/recipes/${caramel.id}/front_of_pack.svg?orientation=${'x'.repeat(100)}`);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: 'BadRequest', errors: { orientation: [expect.stringMatching(/at most 64/)] } });
  });

  it("404 for an unknown recipe and for another account's recipe", async () => {
    for (const path of ['front_of_pack', 'front_of_pack.svg', 'front_of_pack.png', 'front_of_pack.pdf']) {
      expect((await get(`/v1/recipes/999999/${path}`)).statusCode).toBe(404);
      expect((await t.client(t.accountB.key).get(`/v1/recipes/${caramel.id}/${path}`)).statusCode).toBe(404);
    }
  });

  it('PNG and PDF take a render slot like label files: 429 when all are busy; SVG and data still answer', async () => {
    const releases: Array<() => Promise<void>> = [];
    for (let i = 0; i < 2; i++) releases.push((await t.limits.acquireRenderSlot(t.accountA.id, 2))!);
    try {
      for (const format of ['png', 'pdf']) {
        const res = await get(`/v1/recipes/${caramel.id}/front_of_pack.${format}`);
        expect(res.statusCode, format).toBe(429);
        expect(json(res).error).toBe('RenderConcurrencyExceeded');
        expect(res.headers['retry-after']).toBe('1');
      }
      expect((await get(`/v1/recipes/${caramel.id}/front_of_pack.svg`)).statusCode).toBe(200);
      expect((await get(`/v1/recipes/${caramel.id}/front_of_pack`)).statusCode).toBe(200);
    } finally {
      for (const release of releases) await release();
    }
    expect((await get(`/v1/recipes/${caramel.id}/front_of_pack.png`)).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with its query members and responses', async () => {
    const doc = json(await t.app.inject('/v1/openapi.json'));
    const data = doc.paths['/v1/recipes/{id}/front_of_pack'].get;
    expect(data.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['id', 'language', 'orientation']));
    expect(data.responses['200'].content['application/json'].schema.properties.front_of_pack).toBeTruthy();
    expect(data.responses['422']).toBeTruthy();
    for (const format of ['svg', 'png', 'pdf']) {
      const file = doc.paths[`/v1/recipes/{id}/front_of_pack.${format}`].get;
      expect(file.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['language', 'orientation', 'zoom', 'page_size']));
      expect(file.responses['422']).toBeTruthy();
    }
  });
});
