// Labels a user can trust (docs/api.md#trust-and-completeness), through the HTTP API on every database: missing_nutrients
// through nested subrecipes, label completeness and warnings, accept_missing, no claims on unknowns,
// X-Label-Complete on every label response, the band on every rendered file, the serving unit, and
// French statements that fall back to English.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import { createTestApp, flourBody, json, makeClient, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { pdfMediaBox, pngSize } from './labels-support.js';

const BAND_EN = 'INCOMPLETE DATA - NOT FOR PRINT';
const BAND_FR = 'DONNÉES INCOMPLÈTES - NE PAS IMPRIMER';

// Every FDA row known (flourBody has the fifteen required nutrients; potassium and vitamin D added).
const known = (overrides: Record<string, unknown>) => flourBody({ potassium: 100, vitamin_d_mcg: 0, ...overrides });

async function ingredient(client: Client, body: Record<string, unknown>, unknown: string[] = []): Promise<any> {
  const res = await client.post('/v1/ingredients', body);
  expect(res.statusCode, res.body).toBe(201);
  const created = json(res).ingredient;
  if (unknown.length === 0) return created;
  // What the USDA import leaves: no value at all (a PUT with null removes a stored value).
  const put = await client.put(`/v1/ingredients/${created.id}`, Object.fromEntries(unknown.map((k) => [k, null])));
  expect(put.statusCode, put.body).toBe(200);
  return json(put).ingredient;
}

async function recipeWith(client: Client, recipe: Record<string, unknown>, lines: Array<[number, number]>): Promise<any> {
  // The whole recipe is one serving, taken as its RACC; claims in their plain wording (not 21 CFR 101.13(e)(2)'s).
  // That RACC is the test's own, not a real one: the serving it would give (21 CFR 101.9(b)(2)) is accepted.
  const grams = lines.reduce((sum, [, g]) => sum + g, 0);
  const label_settings = {
    racc_grams: grams,
    accept_serving_size: true,
    specially_processed: ['calories', 'fat', 'fat_saturated', 'cholesterol', 'sodium', 'sugar'],
  };
  const res = await client.post('/v1/recipes', { recipe: { servings: 1, label_settings, ...recipe } });
  expect(res.statusCode, res.body).toBe(201);
  const created = json(res).recipe;
  for (const [ingredient_id, total_grams] of lines) {
    const line = await client.post(`/v1/recipes/${created.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id, total_grams } });
    expect(line.statusCode, line.body).toBe(201);
  }
  return created;
}

describe.each(databaseKinds())('labels a user can trust on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  let butter: any;
  let flour: any;
  let cookie: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    // A butter as USDA gives it: no calories, no saturated fat, no sodium.
    butter = await ingredient(
      c,
      known({
        name: 'Butter, salted',
        name_fr: 'Beurre salé',
        description1: '1 stick',
        weight1: 113,
        calories: 0,
        fat: 92,
        allergens: { milk: true },
      }),
      ['calories', 'fat_saturated', 'sodium'],
    );
    flour = await ingredient(c, known({ name: 'Wheat flour', name_fr: 'Farine de blé', sodium: 0, allergens: { wheat: true } }));
    cookie = await recipeWith(c, { name: 'Sugar cookie', servings: 10, suggested_serving: '1 cookie' }, [
      [butter.id, 100],
      [flour.id, 200],
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => c.get(url);
  const labelOf = async (id: number, query = '') => {
    const res = await get(`/v1/recipes/${id}/label${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { res, label: json(res).label };
  };
  const settings = async (id: number, label_settings: unknown) => c.put(`/v1/recipes/${id}`, { recipe: { label_settings } });

  describe('missing_nutrients', () => {
    it('names the food lines with no value, with their grams; nutrition sums the known values', async () => {
      const recipe = json(await get(`/v1/recipes/${cookie.id}`)).recipe;
      const entry = { ingredient_id: butter.id, name: 'Butter, salted', grams: 100, recipe_id: cookie.id };
      expect(recipe.missing_nutrients).toEqual({ calories: [entry], fat_saturated: [entry], sodium: [entry] });
      // 200 g flour at 455 kcal / 125 g; the butter adds nothing it does not know.
      expect(recipe.nutrition.calories).toBeCloseTo((200 * 455) / 125 / 10, 6);
    });

    it('{} when nothing is missing', async () => {
      const plain = await recipeWith(c, { name: 'Plain' }, [[flour.id, 100]]);
      expect(json(await get(`/v1/recipes/${plain.id}`)).recipe.missing_nutrients).toEqual({});
    });

    it('through subrecipes three levels deep, and through a subrecipe ingredient used in another recipe', async () => {
      // Inner: 100 g butter + 100 g flour. Middle: 50 g of Inner + 50 g flour. Outer: 40 g of Middle + 60 g flour.
      const inner = await recipeWith(c, { name: 'Inner dough' }, [
        [butter.id, 100],
        [flour.id, 100],
      ]);
      const innerSub = json(await c.post(`/v1/recipes/${inner.id}/create_subrecipe`)).ingredient;
      const middle = await recipeWith(c, { name: 'Middle dough' }, [
        [innerSub.id, 50],
        [flour.id, 50],
      ]);
      const middleSub = json(await c.post(`/v1/recipes/${middle.id}/create_subrecipe`)).ingredient;
      const outer = await recipeWith(c, { name: 'Outer cake' }, [
        [middleSub.id, 40],
        [flour.id, 60],
      ]);
      const missing = json(await get(`/v1/recipes/${outer.id}`)).recipe.missing_nutrients;
      expect(Object.keys(missing).sort()).toEqual(['calories', 'fat_saturated', 'sodium']);
      expect(missing.sodium).toHaveLength(1);
      expect(missing.sodium[0]).toMatchObject({ ingredient_id: butter.id, name: 'Butter, salted', recipe_id: inner.id });
      expect(missing.sodium[0].grams).toBeCloseTo(10, 6); // 100 x 50/200 x 40/100
      // The outer label warns about the butter although it sits two subrecipes down.
      const { label } = await labelOf(outer.id);
      expect(label.warnings.find((w: any) => w.nutrient === 'sodium')).toMatchObject({
        code: 'missing_nutrient',
        ingredient_ids: [butter.id],
        accepted: false,
      });
      expect(label.complete).toBe(false);
    });
  });

  describe('label completeness, accept_missing, claims', () => {
    it('an incomplete label: warnings per printed nutrient, complete false, no claim on the unknowns', async () => {
      const { res, label } = await labelOf(cookie.id);
      expect(res.headers['x-label-complete']).toBe('false');
      expect(label.complete).toBe(false);
      // The helper's whole-recipe RACC gives a serving of 10 cookies: accepted, and said (not about nutrients).
      const nutrientWarnings = label.warnings.filter((w: any) => w.code !== 'serving_size_not_permitted');
      expect(nutrientWarnings.map((w: any) => [w.code, w.nutrient, w.ingredient_ids, w.accepted])).toEqual([
        ['missing_nutrient', 'calories', [butter.id], false],
        ['missing_nutrient', 'fat_saturated', [butter.id], false],
        ['missing_nutrient', 'sodium', [butter.id], false],
      ]);
      expect(label.claims.some((claim: string) => /Sodium|Saturated|Calorie/.test(claim))).toBe(false);
    });

    it('known zero -> "Sodium Free"; unknown -> none; accepted -> still none (the table is complete, no claim rests on an unknown), the warning kept as accepted', async () => {
      const salt0 = await ingredient(c, known({ name: 'Unsalted thing', sodium: 0 }));
      const nosalt = await ingredient(c, known({ name: 'Thing without a sodium value', sodium: 0 }), ['sodium']);
      const knownZero = await recipeWith(c, { name: 'Known zero' }, [[salt0.id, 50]]);
      expect((await labelOf(knownZero.id)).label.claims).toContain('Sodium Free');
      const gap = await recipeWith(c, { name: 'Unknown' }, [
        [salt0.id, 50],
        [nosalt.id, 50],
      ]);
      expect((await labelOf(gap.id)).label.claims).not.toContain('Sodium Free');
      expect((await settings(gap.id, { accept_missing: ['sodium'] })).statusCode).toBe(200);
      const { res, label } = await labelOf(gap.id);
      expect(label.claims).not.toContain('Sodium Free');
      expect(label.complete).toBe(true);
      expect(label.warnings).toEqual([expect.objectContaining({ code: 'missing_nutrient', nutrient: 'sodium', accepted: true })]);
      expect(label.complete).toBe(true);
      expect(res.headers['x-label-complete']).toBe('true');
    });

    it('accept_missing with an unknown key is a 422 listing the valid keys, and changes nothing', async () => {
      const res = await settings(cookie.id, { accept_missing: ['sodium', 'unobtainium'] });
      expect(res.statusCode).toBe(422);
      const body = json(res);
      expect(body.error).toBe('ValidationFailed');
      const message = body.errors['label_settings.accept_missing'][0];
      expect(message).toContain('unobtainium');
      expect(message).toContain('fat_saturated');
      // (a lone string is read as a one-item list, as form bodies send it)
      for (const bad of [42, [1], { a: 1 }, ['Sodium']]) {
        expect((await settings(cookie.id, { accept_missing: bad })).statusCode, JSON.stringify(bad)).toBe(422);
      }
      expect(json(await get(`/v1/recipes/${cookie.id}`)).recipe.label_settings.accept_missing).toBeUndefined();
    });

    it('fda_simplified on a recipe that does not qualify: format_not_allowed, incomplete, banded', async () => {
      // 200 g of flour a serving: only 7 of the 15 nutrients of 21 CFR 101.9(f) are insignificant (8 needed).
      const bread = await recipeWith(c, { name: 'Flour brick' }, [[flour.id, 200]]);
      const { res, label } = await labelOf(bread.id, '?format=fda_simplified');
      expect(label.warnings).toEqual([expect.objectContaining({ code: 'format_not_allowed', accepted: false })]);
      expect(label.complete).toBe(false);
      expect(res.headers['x-label-complete']).toBe('false');
      expect((await get(`/v1/recipes/${bread.id}/label.svg?format=fda_simplified`)).body).toContain(BAND_EN);
      expect((await labelOf(bread.id)).label.complete).toBe(true);
    });

    it('GET /v1/labels/{token}: complete and warnings per language, X-Label-Complete for the saved one', async () => {
      const res = await get(`/v1/labels/${cookie.embed_token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-label-complete']).toBe('false');
      const saved = json(res).label;
      expect(saved.complete).toBe(false);
      for (const language of ['en-US', 'en-CA', 'fr-CA']) {
        expect(saved.languages[language].complete, language).toBe(false);
        expect(saved.languages[language].warnings.length, language).toBeGreaterThan(0);
      }
    });
  });

  describe('X-Label-Complete and the band on every file', () => {
    const file = async (url: string, key: string | null = t.accountA.key) => {
      const res = await makeClient(t.app, key).get(url);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return res;
    };

    it('data, SVG, PNG, PDF: false on the incomplete label, with the band in the SVG', async () => {
      for (const suffix of ['', '.svg', '.png', '.pdf']) {
        expect((await file(`/v1/recipes/${cookie.id}/label${suffix}`)).headers['x-label-complete'], suffix).toBe('false');
      }
      const svg = (await file(`/v1/recipes/${cookie.id}/label.svg`)).body;
      expect(svg).toContain(BAND_EN);
      expect(svg).toContain('class="incomplete-band"');
      const fr = (await file(`/v1/recipes/${cookie.id}/label.svg?language=fr-CA`)).body;
      expect(fr).toContain(BAND_FR);
      expect(fr).not.toContain(BAND_EN);
      const bilingual = (await file(`/v1/recipes/${cookie.id}/label.svg?language=en-CA&format=ca_bilingual`)).body;
      expect(bilingual).toContain(BAND_EN);
      expect(bilingual).toContain(BAND_FR);
      expect(pngSize((await file(`/v1/recipes/${cookie.id}/label.png?zoom=1`)).rawPayload).width).toBeGreaterThan(100);
      expect(pdfMediaBox((await file(`/v1/recipes/${cookie.id}/label.pdf`)).rawPayload).length).toBe(4);
    });

    it('embeds (HTML, SVG, PNG) carry the header and the band', async () => {
      for (const suffix of ['', '.svg', '.png']) {
        const res = await file(`/embed/${cookie.embed_token}${suffix}`, null);
        expect(res.headers['x-label-complete'], suffix).toBe('false');
        if (suffix !== '.png') expect(res.body).toContain(BAND_EN);
      }
    });

    it('an asynchronous render: the 202, the status and the signed download say it too', async () => {
      const started = await c.get(`/v1/recipes/${cookie.id}/label.svg?async=true`);
      expect(started.statusCode).toBe(202);
      expect(started.headers['x-label-complete']).toBe('false');
      const { token } = json(started).label_render;
      await t.app.labelRenders.settled(token);
      const status = json(await c.get(`/v1/recipes/label_renders/${token}`)).label_render;
      expect(status).toMatchObject({ status: 'ready', complete: false });
      const url = new URL(status.url);
      const download = await file(url.pathname + url.search, null);
      expect(download.headers['x-label-complete']).toBe('false');
      expect(download.body).toContain(BAND_EN);
    });

    it('a complete label: true everywhere, no band', async () => {
      const plain = await recipeWith(c, { name: 'Complete' }, [[flour.id, 100]]);
      const token = json(await get(`/v1/recipes/${plain.id}`)).recipe.embed_token;
      for (const url of [
        `/v1/recipes/${plain.id}/label`,
        `/v1/recipes/${plain.id}/label.svg`,
        `/v1/recipes/${plain.id}/label.png`,
        `/v1/recipes/${plain.id}/label.pdf`,
      ]) {
        expect((await file(url)).headers['x-label-complete'], url).toBe('true');
      }
      for (const suffix of ['', '.svg']) {
        const res = await file(`/embed/${token}${suffix}`, null);
        expect(res.headers['x-label-complete']).toBe('true');
        expect(res.body).not.toContain(BAND_EN);
      }
      expect((await file(`/v1/recipes/${plain.id}/label.svg?language=fr-CA`)).body).not.toContain(BAND_FR);
    });
  });

  describe('serving size unit (21 CFR 101.9(b)(7); FDR B.01.002A)', () => {
    let shortbread: any;
    beforeAll(async () => {
      // Both ingredients are measured in cups, so both have densities: still a cookie, weighed in grams.
      const cupFlour = await ingredient(c, known({ name: 'Cup flour', description1: '1 cup', weight1: 125 }));
      const cupButter = await ingredient(c, known({ name: 'Cup butter', description1: '1 cup', weight1: 227, fat: 180 }));
      shortbread = await recipeWith(c, { name: 'Shortbread', servings: 4, suggested_serving: '1 cookie' }, [
        [cupFlour.id, 250],
        [cupButter.id, 162],
      ]);
    });

    it('a cookie is in grams even when every ingredient has a density', async () => {
      expect((await labelOf(shortbread.id)).label.serving_size).toMatchObject({ display: '1 cookie (103g)', unit: 'g', grams: 103 });
      const ca = (await labelOf(shortbread.id, '?language=en-CA')).label.serving_size;
      expect(ca).toMatchObject({ display: 'Per 1 cookie (103 g)', unit: 'g' });
      expect(json(await get(`/v1/recipes/${shortbread.id}`)).recipe.serving_ml).toBeNull();
    });

    it('serving_unit "mL" declares a volume; a volume yield does so by itself', async () => {
      expect((await settings(shortbread.id, { serving_unit: 'mL' })).statusCode).toBe(200);
      expect((await labelOf(shortbread.id)).label.serving_size.unit).toBe('mL');
      expect((await settings(shortbread.id, { serving_unit: null })).statusCode).toBe(200);
      const drink = await recipeWith(
        c,
        { name: 'Drink', package_yield_quantity: 250, package_yield_unit: 'mL', suggested_serving: '1 cup' },
        [[flour.id, 10]],
      );
      expect((await labelOf(drink.id)).label.serving_size).toMatchObject({ display: '1 cup (250mL)', unit: 'mL' });
    });

    it.each(['oz', 'ml', 'grams', 'G', 5, true])('serving_unit %j is a 422', async (value) => {
      const res = await settings(shortbread.id, { serving_unit: value });
      expect(res.statusCode).toBe(422);
      expect(json(res).errors['label_settings.serving_unit'][0]).toBe('must be one of: g, mL');
    });
  });

  describe('inferred allergens', () => {
    it('a library food whose allergens the importer inferred is named in an inferred_allergens warning, at any depth', async () => {
      const imported = await importUsda(t.ctx, { source: join(import.meta.dirname, '../fixtures/usda-mini') });
      expect(imported.ok).toBe(true);
      // "Crème fraîche" (FDC category Dairy and Egg Products): milk, inferred.
      const row = await t.db.handle.db
        .selectFrom('ingredients')
        .select(['id', 'allergens_inferred'])
        .where('fdc_id', '=', 1002)
        .executeTakeFirstOrThrow();
      expect(Number(row.allergens_inferred)).toBe(1);
      const sauce = await recipeWith(c, { name: 'Cream sauce' }, [
        [row.id, 50],
        [flour.id, 50],
      ]);
      const sub = json(await c.post(`/v1/recipes/${sauce.id}/create_subrecipe`)).ingredient;
      const dish = await recipeWith(c, { name: 'Gratin' }, [
        [sub.id, 100],
        [flour.id, 100],
      ]);
      for (const id of [sauce.id, dish.id]) {
        for (const query of ['', '?language=fr-CA']) {
          const { label } = await labelOf(id, query);
          const inferred = label.warnings.filter((w: any) => w.code === 'inferred_allergens');
          expect(inferred, `${id}${query}`).toEqual([expect.objectContaining({ ingredient_ids: [row.id], accepted: false })]);
          expect(inferred[0].message).toContain('Crème fraîche');
        }
      }
      // A person's allergens: no such warning.
      const typed = await recipeWith(c, { name: 'Just flour' }, [[flour.id, 10]]);
      expect((await labelOf(typed.id)).label.warnings).toEqual([]);
    });
  });

  describe('French statements', () => {
    it('Œufs with its ligature; English fallbacks named in missing_translation (fr-CA and bilingual only)', async () => {
      const egg = await ingredient(c, known({ name: 'Whole egg', allergens: { egg: true } }));
      const fish = await ingredient(c, known({ name: 'Barramundi', name_fr: 'Barramundi', allergens: { fish: 'barramundi' } }));
      const r = await recipeWith(c, { name: 'Fish cake' }, [
        [egg.id, 50],
        [flour.id, 50],
        [fish.id, 50],
      ]);
      const fr = (await labelOf(r.id, '?language=fr-CA')).label;
      expect(fr.allergen_statement).toBe('Contient : Œufs, Blé, Barramundi');
      expect(fr.ingredient_statement).toContain('Whole egg');
      const translation = fr.warnings.filter((w: any) => w.code === 'missing_translation');
      expect(translation.map((w: any) => w.ingredient_ids)).toEqual([[egg.id], [fish.id]]);
      expect(translation[0].message).toContain('Whole egg');
      expect(fr.complete).toBe(false); // both languages or no label (FDR B.01.012(2)): English words block a French label
      const bilingual = (await labelOf(r.id, '?language=en-CA&format=ca_bilingual')).label;
      expect(bilingual.bilingual.allergen_statement_fr).toBe('Contient : Œufs, Blé, Barramundi');
      expect(bilingual.warnings.filter((w: any) => w.code === 'missing_translation')).toHaveLength(2);
      for (const query of ['', '?language=en-CA']) {
        expect(
          (await labelOf(r.id, query)).label.warnings.filter((w: any) => w.code === 'missing_translation'),
          query,
        ).toEqual([]);
      }
      // Named in French: the warning goes.
      await c.put(`/v1/ingredients/${egg.id}`, { name_fr: 'Œuf entier' });
      const after = (await labelOf(r.id, '?language=fr-CA')).label;
      expect(after.warnings.filter((w: any) => w.code === 'missing_translation').map((w: any) => w.ingredient_ids)).toEqual([[fish.id]]);
    });
  });
});
