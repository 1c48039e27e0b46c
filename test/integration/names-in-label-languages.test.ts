// Names in every label language (docs/api.md#label-languages) through the HTTP API on every database: `names` and
// `ingredient_lists` on ingredients and recipes stored and read back, name_fr / ingredient_list_fr as their
// French, 422s naming the field for an unknown language or a text that is not a string (nothing written),
// each EU language's statement from them (missing_translation naming the others), and the spreadsheet
// columns name_de, name_it, ... out and in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

/** A CSV export as rows of cells (no quoted line breaks here). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quoted && ch === '"' && line[i + 1] === '"') [cell, i] = [`${cell}"`, i + 1];
        else if (ch === '"') quoted = !quoted;
        else if (ch === ',' && !quoted) [cells[cells.length], cell] = [cell, ''];
        else cell += ch;
      }
      cells.push(cell);
      return cells;
    });
}

describe.each(databaseKinds())('names in every label language on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  let flour: any;
  let butter: any;
  let biscuit: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    const f = await c.post(
      '/v1/ingredients',
      flourBody({ name: 'Flour', allergens: { wheat: true }, names: { de: 'Weizenmehl', fr: 'Farine de blé', it: 'Farina di frumento' } }),
    );
    expect(f.statusCode, f.body).toBe(201);
    flour = json(f).ingredient;
    const b = await c.post('/v1/ingredients', flourBody({ name: 'Butter', allergens: { milk: true }, name_fr: 'Beurre' }));
    expect(b.statusCode, b.body).toBe(201);
    butter = json(b).ingredient;
    biscuit = json(await c.post('/v1/recipes', { recipe: { name: 'Biscuit', servings: 2 } })).recipe;
    for (const [ingredient, grams] of [
      [flour, 60],
      [butter, 40],
    ] as const) {
      const line = await c.post(`/v1/recipes/${biscuit.id}/recipe_ingredients`, {
        recipe_ingredient: { ingredient_id: ingredient.id, total_grams: grams },
      });
      expect(line.statusCode, line.body).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  it('an ingredient keeps its names by language; name_fr is names.fr both ways', async () => {
    expect(flour.names).toEqual({ fr: 'Farine de blé', de: 'Weizenmehl', it: 'Farina di frumento' });
    expect(flour.name_fr).toBe('Farine de blé');
    expect(butter.names).toEqual({ fr: 'Beurre' });
    const put = await c.put(`/v1/ingredients/${butter.id}`, { name_fr: 'Beurre doux', names: { de: 'Butter', nl: 'Roomboter' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put).ingredient.names).toEqual({ fr: 'Beurre doux', de: 'Butter', nl: 'Roomboter' });
    // Languages not sent stay; null clears one.
    const cleared = await c.put(`/v1/ingredients/${butter.id}`, { names: { nl: null }, ingredient_lists: { es: 'Mantequilla (leche)' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const read = json(await c.get(`/v1/ingredients/${butter.id}`)).ingredient;
    expect(read.names).toEqual({ fr: 'Beurre doux', de: 'Butter' });
    expect(read.ingredient_lists).toEqual({ es: 'Mantequilla (leche)' });
  });

  it.each([
    ['ingredient', { names: { pt: 'Farinha' } }, 'names.pt'],
    ['ingredient', { names: { de: 5 } }, 'names.de'],
    ['ingredient', { ingredient_lists: { en: 'Flour' } }, 'ingredient_lists.en'],
    ['recipe', { names: { xx: 'Keks' } }, 'names.xx'],
    ['recipe', { ingredient_lists: ['Weizenmehl'] }, 'ingredient_lists'],
  ])('%s %j: 422 naming %s, nothing written', async (what, body, field) => {
    const url = what === 'ingredient' ? `/v1/ingredients/${flour.id}` : `/v1/recipes/${biscuit.id}`;
    const before = (await c.get(url)).body;
    const res = await c.put(url, what === 'ingredient' ? body : { recipe: body });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).toContain(field);
    expect((await c.get(url)).body).toBe(before);
  });

  it('each EU language prints its own names; a language without them says which ingredients fall back', async () => {
    const de = json(await c.get(`/v1/recipes/${biscuit.id}/label?language=de-DE`)).label;
    expect(de.ingredient_statement).toBe('Zutaten: Weizenmehl, Butter (Milch)');
    expect(de.ingredient_statement_runs.filter((r: any) => r.emphasis).map((r: any) => r.text)).toEqual(['Weizen', 'Milch']);
    expect(de.warnings.filter((w: any) => w.code === 'missing_translation')).toEqual([]);
    const it_ = json(await c.get(`/v1/recipes/${biscuit.id}/label?language=it-IT`)).label;
    expect(it_.ingredient_statement).toBe('Ingredienti: Farina di frumento, Butter (latte)');
    const warning = it_.warnings.find((w: any) => w.code === 'missing_translation');
    expect(warning.message).toContain('Butter');
    expect(warning.message).not.toContain('Flour');
    expect(warning.ingredient_ids).toEqual([butter.id]);
    // Spanish: the butter's own Spanish list, the flour in English (named).
    const es = json(await c.get(`/v1/recipes/${biscuit.id}/label?language=es-ES`)).label;
    expect(es.ingredient_statement).toBe('Ingredientes: Flour (trigo), Mantequilla (leche)');
    expect(es.warnings.find((w: any) => w.code === 'missing_translation').ingredient_ids).toEqual([flour.id]);
  });

  it('a recipe keeps its names and custom statements by language; a custom German list is the German statement', async () => {
    const put = await c.put(`/v1/recipes/${biscuit.id}`, {
      recipe: { names: { de: 'Keks', fr: 'Biscuit sablé' }, ingredient_lists: { de: 'Weizenmehl, Süßrahmbutter' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const recipe = json(await c.get(`/v1/recipes/${biscuit.id}`)).recipe;
    expect(recipe.names).toEqual({ fr: 'Biscuit sablé', de: 'Keks' });
    expect(recipe.name_fr).toBe('Biscuit sablé');
    expect(recipe.ingredient_lists).toEqual({ de: 'Weizenmehl, Süßrahmbutter' });
    const de = json(await c.get(`/v1/recipes/${biscuit.id}/label?language=de-DE`)).label;
    expect(de.ingredient_statement).toBe('Zutaten: Weizenmehl, Süßrahmbutter (Milch)');
    // "default" gives the generated statement back.
    const reset = await c.put(`/v1/recipes/${biscuit.id}`, { recipe: { ingredient_lists: { de: 'default' } } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(json(reset).recipe.ingredient_lists).toEqual({});
  });

  it('spreadsheets: name_de, name_it ... are exported, and an import sets them', async () => {
    const rows = csvRows((await c.get('/v1/ingredients.csv')).body);
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('id')] === String(flour.id))!;
    expect(row[header.indexOf('name_de')]).toBe('Weizenmehl');
    expect(row[header.indexOf('name_it')]).toBe('Farina di frumento');
    expect(row[header.indexOf('name_fr')]).toBe('Farine de blé');
    const sheet = `id,name_es,name_nl\r\n${flour.id},Harina de trigo,Tarwebloem\r\n`;
    const res = await uploadSheet(t, sheet, { kind: 'ingredients', dryRun: false });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(json(await c.get(`/v1/ingredients/${flour.id}`)).ingredient.names).toEqual({
      fr: 'Farine de blé',
      de: 'Weizenmehl',
      es: 'Harina de trigo',
      it: 'Farina di frumento',
      nl: 'Tarwebloem',
    });
    const recipes = csvRows((await c.get('/v1/recipes.csv')).body);
    expect(recipes[0]).toEqual(expect.arrayContaining(['name_de', 'ingredient_list_de']));
    expect(recipes[1]![recipes[0]!.indexOf('name_de')]).toBe('Keks');
  });
});
