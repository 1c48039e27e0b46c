// Every label output, byte for byte: a fixed set of recipes is labelled through the real app in every
// market, language and format (the label data as the API answers it, SVG, PNG, PDF, the embed page),
// with the front-of-pack drawings, the saved label, the ingredient statements and approvals' frozen
// data and files, and the SHA-256 of each output is compared with test/fixtures/label-outputs.json.
// A change to the label code that moves any byte of any output fails here, naming the outputs.
//
// An output that changes on purpose is recorded again, with the reason in the commit:
//   RECORD_LABEL_OUTPUTS=1 npx vitest run test/integration/label-outputs-golden.test.ts
// prints the outputs that changed, appeared or went, and rewrites the fixture.
//
// PDFs carry their creation date (and pdfkit's file id, a hash of it): both are blanked before hashing.
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { fdaSampleRecipe } from './labels-support.js';

const FIXTURE = new URL('../fixtures/label-outputs.json', import.meta.url);
const RECORD = process.env.RECORD_LABEL_OUTPUTS === '1';

/** Every language and format the API labels in, as the fixture was recorded. */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['en-US', 'fda_vertical'],
  ['en-US', 'fda_tabular'],
  ['en-US', 'fda_linear'],
  ['en-US', 'fda_simplified'],
  ['en-US', 'fda_dual_container'],
  ['en-CA', 'ca_standard'],
  ['en-CA', 'ca_bilingual'],
  ['fr-CA', 'ca_standard'],
  ['fr-CA', 'ca_bilingual'],
  ...['en-GB', 'en-IE', 'fr-FR', 'de-DE', 'es-ES', 'it-IT', 'nl-NL'].flatMap(
    (language) =>
      [
        [language, 'eu_table'],
        [language, 'eu_linear'],
      ] as const,
  ),
  ['en-AU', 'anz_nip'],
  ['en-NZ', 'anz_nip'],
  ['es-MX', 'mx_table'],
];

/** One approval per market's kinds of label. */
const APPROVED: ReadonlyArray<readonly [string, string]> = [
  ['en-US', 'fda_vertical'],
  ['en-CA', 'ca_bilingual'],
  ['fr-CA', 'ca_standard'],
  ['en-GB', 'eu_table'],
  ['de-DE', 'eu_linear'],
  ['en-NZ', 'anz_nip'],
  ['es-MX', 'mx_table'],
];

const SYMBOLS: ReadonlyArray<readonly [string, string | null]> = [
  ['en-CA', 'horizontal'],
  ['fr-CA', 'vertical'],
  ['bilingual', 'horizontal'],
  ['bilingual', 'vertical'],
  ['es-MX', null],
  ['en-GB', null],
];

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** pdfkit writes the creation date and an id hashed from it: the rest of the file is the drawing. */
function stablePdf(bytes: Buffer): Buffer {
  const text = bytes
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:00000000000000Z)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID [<0> <0>]');
  return Buffer.from(text, 'latin1');
}

async function ingredient(c: Client, body: Record<string, unknown>, unknown: string[] = []): Promise<any> {
  const res = await c.post('/v1/ingredients', flourBody(body));
  expect(res.statusCode, res.body).toBe(201);
  const made = json(res).ingredient;
  if (unknown.length === 0) return made;
  // No value at all (unknown, not zero): what a USDA import leaves.
  const put = await c.put(`/v1/ingredients/${made.id}`, Object.fromEntries(unknown.map((k) => [k, null])));
  expect(put.statusCode, put.body).toBe(200);
  return json(put).ingredient;
}

async function recipe(c: Client, body: Record<string, unknown>, lines: Array<[number, number]>): Promise<any> {
  const res = await c.post('/v1/recipes', { recipe: body });
  expect(res.statusCode, res.body).toBe(201);
  const made = json(res).recipe;
  for (const [ingredient_id, total_grams] of lines) {
    const line = await c.post(`/v1/recipes/${made.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id, total_grams } });
    expect(line.statusCode, line.body).toBe(201);
  }
  return json(await c.get(`/v1/recipes/${made.id}`)).recipe;
}

/** A recipe of the set: `files` draws PNG and PDF of its every label and approval; `approve`, the labels it approves. */
interface Made {
  id: number;
  embed_token: string;
  files: boolean;
  approve: ReadonlyArray<readonly [string, string]>;
}

/** The recipes: each market's worked example, a drink with a gap, a liquid without a density, an empty recipe. */
async function makeRecipes(c: Client): Promise<Record<string, Made>> {
  const granola = await fdaSampleRecipe(c, { label_settings: { racc_grams: 55, reference_amount_grams: 55 } });
  const muesli = await ingredient(c, {
    name: 'Muesli bar mix',
    name_fr: 'Mélange pour barres de muesli',
    names: { de: 'Müsliriegelmischung', es: 'Mezcla para barras de muesli', it: 'Miscela per barrette', nl: 'Mueslirepenmix' },
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
    vitamin_c: 12,
    adds_fat: true,
    adds_sodium: true,
    allergens: { wheat: true, peanuts: true, tree_nuts: 'almonds' },
  });
  const honey = await ingredient(c, {
    name: 'Honey',
    name_fr: 'Miel',
    statement_name: 'Honey',
    description1: '1 tbsp',
    weight1: 21,
    calories: 64,
    protein: 0.1,
    fat: 0,
    fat_saturated: 0,
    carbohydrate: 17.3,
    fiber: 0,
    sugar: 17.2,
    added_sugar: 17.2,
    sodium: 0.8,
    calcium: 1,
    iron: 0.1,
  });
  const bar = await recipe(
    c,
    {
      name: 'Muesli bar',
      servings: 8,
      label_settings: {
        show_calories: true,
        percent_daily_intake: true,
        mx_phase: 3,
        reference_amount_grams: 35,
        racc_grams: 40,
        optional_nutrients: ['fiber', 'vitamin_c', 'fat_monounsaturated'],
      },
    },
    [
      [muesli.id, 260],
      [honey.id, 20],
    ],
  );
  const syrup = await ingredient(
    c,
    {
      name: 'Cola syrup',
      name_fr: 'Sirop de cola',
      description1: '1 cup',
      weight1: 248,
      calories: 100,
      protein: 0,
      fat: 0,
      fat_saturated: 0,
      carbohydrate: 26,
      fiber: 0,
      sugar: 26,
      added_sugar: 26,
      sodium: 15,
      calcium: 5,
      iron: 0.1,
      non_caloric_sweetener: true,
      added_caffeine: true,
    },
    ['fat_trans'],
  );
  const water = await ingredient(c, {
    name: 'Carbonated water',
    name_fr: 'Eau gazéifiée',
    description1: '1 cup',
    weight1: 237,
    calories: 0,
    protein: 0,
    fat: 0,
    fat_saturated: 0,
    carbohydrate: 0,
    fiber: 0,
    sugar: 0,
    added_sugar: 0,
    sodium: 10,
    calcium: 12,
    iron: 0,
  });
  const cola = await recipe(
    c,
    { name: 'Cola', servings: 4, suggested_serving: '1 cup', label_settings: { food_kind: 'beverage', serving_unit: 'mL' } },
    [
      [syrup.id, 300],
      [water.id, 700],
    ],
  );
  const caramel = await ingredient(
    c,
    {
      name: 'Caramel sauce',
      description1: '100 gram',
      weight1: 100,
      calories: 380,
      protein: 2,
      fat: 12,
      fat_saturated: 7,
      carbohydrate: 65,
      fiber: 0,
      sugar: 60,
      added_sugar: 55,
      sodium: 450,
      allergens: { milk: true },
    },
    ['cholesterol'],
  );
  const sauce = await recipe(
    c,
    {
      name: 'Salted caramel',
      servings: 10,
      label_settings: { food_kind: 'liquid', accept_missing: ['cholesterol'], uk_large_portion_rule: true },
    },
    [[caramel.id, 250]],
  );
  const empty = await recipe(c, { name: 'Nothing yet', servings: 2 }, []);
  const entry = (r: any, files: boolean, approve: Made['approve']): Made => ({ id: r.id, embed_token: r.embed_token, files, approve });
  // An approval draws its SVG, PNG and PDF: the recipes whose approvals differ in what they go through are approved
  // (Canadian labels refused for English words, and frozen with their symbol; per-100 liquids approved incomplete).
  return {
    granola: entry(granola, false, APPROVED),
    bar: entry(bar, true, APPROVED),
    cola: entry(cola, false, []),
    sauce: entry(sauce, false, [
      ['en-NZ', 'anz_nip'],
      ['es-MX', 'mx_table'],
      ['en-GB', 'eu_table'],
    ]),
    empty: entry(empty, false, []),
  };
}

describe.each(databaseKinds())('every label output matches its recorded hash on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  const got = new Map<string, string>();

  /** Records one output: the hash of a 200's bytes, or the status of anything else. */
  const keep = (
    name: string,
    res: LightMyRequestResponse,
    bytes: (res: LightMyRequestResponse) => Buffer | string = (r) => r.rawPayload,
  ) => {
    got.set(name, res.statusCode === 200 || res.statusCode === 201 ? sha256(bytes(res)) : `status ${res.statusCode}`);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
  });
  afterAll(async () => t?.close());

  it('renders every recipe in every market, language and format as the fixture recorded', { timeout: 600_000 }, async () => {
    const recipes = await makeRecipes(c);
    const get = (url: string) => c.get(url);
    const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
    const pdf = (res: LightMyRequestResponse) => stablePdf(res.rawPayload);
    // Files are fetched a few at a time (the render pool has two threads; an account five render slots).
    const files: Array<() => Promise<void>> = [];
    const file = (name: string, url: string, bytes?: (res: LightMyRequestResponse) => Buffer) =>
      files.push(async () => keep(name, await get(url), bytes));
    for (const [name, r] of Object.entries(recipes)) {
      const read = json(await get(`/v1/recipes/${r.id}`)).recipe;
      got.set(
        `${name} statements`,
        sha256(JSON.stringify([read.ingredient_statements, read.ingredient_list, read.ingredient_list_fr, read.allergens])),
      );
      const lines = json(await get(`/v1/recipes/${r.id}/recipe_ingredients`)).recipe.recipe_ingredients as any[];
      got.set(`${name} line texts`, sha256(JSON.stringify(lines.map((l) => l.recipe_ingredient.display_text))));
      const token = r.embed_token;
      const saved = (res: LightMyRequestResponse) => res.body.split(token).join('<token>');
      keep(`${name} saved label`, await get(`/v1/labels/${token}`), saved);
      for (const format of ['fda_tabular', 'ca_bilingual', 'eu_linear', 'anz_nip', 'mx_table']) {
        keep(`${name} saved label result_format=${format}`, await get(`/v1/labels/${token}?result_format=${format}`), saved);
      }
      for (const [language, format] of PAIRS) {
        const query = `language=${language}&format=${format}`;
        const at = `${name} ${language} ${format}`;
        keep(`${at} data`, await get(`/v1/recipes/${r.id}/label?${query}`));
        keep(`${at} svg`, await get(`/v1/recipes/${r.id}/label.svg?${query}`));
        keep(`${at} embed page`, await anonymous(`/embed/${token}?${query}`));
        if (!r.files) continue;
        file(`${at} png`, `/v1/recipes/${r.id}/label.png?${query}&zoom=1`);
        file(`${at} pdf`, `/v1/recipes/${r.id}/label.pdf?${query}`, pdf);
      }
      for (const [language, orientation] of SYMBOLS) {
        const query = `language=${language}${orientation ? `&orientation=${orientation}` : ''}`;
        const at = `${name} front of pack ${language}${orientation ? ` ${orientation}` : ''}`;
        keep(`${at} data`, await get(`/v1/recipes/${r.id}/front_of_pack?${query}`));
        const svg = await get(`/v1/recipes/${r.id}/front_of_pack.svg?${query}`);
        keep(`${at} svg`, svg);
        if (!r.files || svg.statusCode !== 200) continue;
        file(`${at} png`, `/v1/recipes/${r.id}/front_of_pack.png?${query}&zoom=1`);
        file(`${at} pdf`, `/v1/recipes/${r.id}/front_of_pack.pdf?${query}`, pdf);
      }
      for (const [language, format] of r.approve) {
        const at = `${name} approval ${language} ${format}`;
        const res = await c.post(`/v1/recipes/${r.id}/label_approvals`, { language, format, accept_incomplete: true });
        if (res.statusCode !== 201) {
          got.set(`${at} sha256`, `status ${res.statusCode}`);
          continue;
        }
        const approval = json(res).label_approval;
        // The hash of the canonical label data the approval froze (docs/api.md#label-approvals).
        got.set(`${at} sha256`, approval.sha256);
        const symbol = await get(`/v1/label_approvals/${approval.id}/front_of_pack.svg`);
        keep(`${at} front of pack svg`, symbol);
        // The PNG and PDF drawn at approval, for the recipes whose every file is drawn (the others' SVG only).
        for (const ext of r.files ? ['svg', 'png', 'pdf'] : ['svg']) {
          file(`${at} ${ext}`, `/v1/label_approvals/${approval.id}.${ext}`, ext === 'pdf' ? pdf : undefined);
          if (ext !== 'svg' && symbol.statusCode === 200) {
            file(`${at} front of pack ${ext}`, `/v1/label_approvals/${approval.id}/front_of_pack.${ext}`, ext === 'pdf' ? pdf : undefined);
          }
        }
      }
    }
    const worker = async () => {
      for (let job = files.shift(); job; job = files.shift()) await job();
    };
    await Promise.all([worker(), worker(), worker(), worker()]);

    const recorded: Record<string, string> = RECORD ? {} : JSON.parse(readFileSync(FIXTURE, 'utf8'));
    const current = Object.fromEntries([...got.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (RECORD) {
      let before: Record<string, string> = {};
      try {
        before = JSON.parse(readFileSync(FIXTURE, 'utf8'));
      } catch {
        // No fixture yet: every output is new.
      }
      const changed = Object.keys(current).filter((k) => k in before && before[k] !== current[k]);
      const added = Object.keys(current).filter((k) => !(k in before));
      const gone = Object.keys(before).filter((k) => !(k in current));
      writeFileSync(FIXTURE, `${JSON.stringify(current, null, 1)}\n`);
      console.log(
        `label outputs recorded (${Object.keys(current).length}): ${changed.length} changed, ${added.length} new, ${gone.length} gone` +
          [...changed.map((k) => `\n  changed: ${k}`), ...added.map((k) => `\n  new: ${k}`), ...gone.map((k) => `\n  gone: ${k}`)].join(''),
      );
      return;
    }
    const differing = Object.keys({ ...recorded, ...current }).filter((k) => recorded[k] !== current[k]);
    expect(differing, `outputs that differ from test/fixtures/label-outputs.json: ${differing.join('; ')}`).toEqual([]);
  });
});
