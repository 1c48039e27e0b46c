// Labels whose recipe data is written in Arabic and Chinese, through the HTTP API: the ingredient
// names print joined and right to left, and in Chinese glyphs, in the .svg, the PNG, the PDF and the
// embed page (the glyph-by-glyph comparison with HarfBuzz is test/unit/render/shaped-text.test.ts).
// Text that needs the shaper is drawn by the render pool's threads: this process never loads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shaperLoaded } from '../../src/render/text/shaper.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { pdfGlyphs } from '../support/pdf-text.js';
import { pngSize } from './labels-support.js';

/** "Cane sugar" and "oat flakes". */
const ARABIC_NAME = 'سكر القصب';
const CHINESE_NAME = '燕麦片';

describe.each(databaseKinds())('labels naming ingredients in Arabic and Chinese on %s', (kind) => {
  let t: TestApp;
  let recipe: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const client = t.client();
    recipe = json(await client.post('/v1/recipes', { recipe: { name: 'Oat bars', servings: 4, suggested_serving: '1 bar' } })).recipe;
    for (const [name, total_grams] of [
      [CHINESE_NAME, 300],
      [ARABIC_NAME, 100],
    ] as const) {
      const ingredient = json(await client.post('/v1/ingredients', flourBody({ name }))).ingredient;
      const line = await client.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: ingredient.id, total_grams },
      });
      expect(line.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });
  const get = async (url: string, key = true) => {
    const res = await t.app.inject({ method: 'GET', url, headers: key ? { authorization: `Token token=${t.accountA.key}` } : {} });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res;
  };

  it('the label data holds the names as written', async () => {
    const { label } = json(await get(`/v1/recipes/${recipe.id}/label`));
    expect(label.ingredient_statement).toContain(ARABIC_NAME);
    expect(label.ingredient_statement).toContain(CHINESE_NAME);
  });

  it(".svg: the names as the shaper's glyphs, drawn by the pool, not by this process", async () => {
    const svg = (await get(`/v1/recipes/${recipe.id}/label.svg`)).body;
    expect(svg).toMatch(/<use href="#g-noto-sans-arabic-regular-\d+"/);
    expect(svg).toMatch(/<use href="#g-noto-sans-sc-regular-\d+"/);
    // The Latin text stays text, in the embedded Arimo subset.
    expect(svg).toContain('>Nutrition Facts</text>');
    expect(shaperLoaded()).toBe(false);
    expect((await get(`/v1/recipes/${recipe.id}/label.svg`)).body).toBe(svg);
  });

  it('.png: a real PNG', async () => {
    const png = (await get(`/v1/recipes/${recipe.id}/label.png?zoom=1`)).rawPayload;
    expect(pngSize(png).width).toBeGreaterThan(150);
  });

  it('.pdf: the names as text in Noto Sans Arabic and Noto Sans SC, read back from their ToUnicode maps', async () => {
    const glyphs = pdfGlyphs((await get(`/v1/recipes/${recipe.id}/label.pdf`)).rawPayload);
    // Each run of shaped text is one <text> (one BT ... ET block); a right-to-left one reads from its right.
    const runsIn = (font: string, rtl: boolean) =>
      [...new Set(glyphs.filter((g) => g.font.name === font).map((g) => g.block))].map((block) => {
        const run = glyphs.filter((g) => g.block === block).map((g) => g.font.unicode.get(g.code) ?? '?');
        return (rtl ? run.reverse() : run).join('');
      });
    expect(runsIn('NotoSansSC-Regular', false).join('')).toContain(CHINESE_NAME);
    expect(runsIn('NotoSansArabic-Regular', true)).toEqual(expect.arrayContaining(ARABIC_NAME.split(' ')));
    expect(glyphs.some((g) => g.font.name === 'Arimo-Bold')).toBe(true);
  });

  it('the embed page and its .svg carry the shaped names', async () => {
    const page = (await get(`/embed/${recipe.embed_token}`, false)).body;
    expect(page).toMatch(/^<!doctype html>/i);
    expect(page).toMatch(/<use href="#g-noto-sans-arabic-regular-\d+"/);
    const svg = (await get(`/embed/${recipe.embed_token}.svg`, false)).body;
    expect(svg).toMatch(/<use href="#g-noto-sans-sc-regular-\d+"/);
    expect(shaperLoaded()).toBe(false);
  });
});
