// The bakery of docs/labeling.md#polyols-and-sweeteners, built again from library-like ingredients through the
// HTTP app: chocolate chip cookies (compound chocolate chips), a sliced sourdough loaf (2 slices a serving), a
// carrot cake with a cream-cheese icing subrecipe sold by the twelfth, and the sugar-free oat bar sweetened
// with erythritol. Every product is labelled in the seven markets (en-US, Canada bilingual, en-GB, de-DE,
// fr-FR, en-AU, es-MX) and checked as a label inspector would: energy by hand, the ingredient statement with
// the compound ingredients in brackets and the allergens on the right words, the mandatory statements, the
// serving and its French wording, complete, and no warning that would stop the label. Each PNG is drawn too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { BUTTER as BAR_BUTTER, ERYTHRITOL, ingredient, label, OATS, recipe } from '../support/real-products.js';

/** Per 100 g, every row any of the seven markets prints. */
const food = (body: Record<string, unknown>) =>
  flourBody({
    description1: '100 gram',
    weight1: 100,
    fat_trans: 0,
    cholesterol: 0,
    fiber: 0,
    sugar: 0,
    added_sugar: 0,
    calcium: 0,
    iron: 0,
    potassium: 0,
    vitamin_d_IU: 0,
    vitamin_a_IU: 0,
    vitamin_c: 0,
    ...body,
  });

const FLOUR = food({
  name: 'Enriched wheat flour',
  name_fr: 'Farine de blé enrichie',
  names: { de: 'Weizenmehl', es: 'Harina de trigo enriquecida' },
  calories: 364,
  protein: 10,
  fat: 1,
  fat_saturated: 0.2,
  carbohydrate: 76,
  fiber: 3,
  sugar: 0.3,
  sodium: 2,
  calcium: 15,
  iron: 4.6,
  potassium: 107,
  allergens: { wheat: true },
});
const SUGAR = food({
  name: 'Sugar',
  name_fr: 'Sucre',
  names: { de: 'Zucker', es: 'Azúcar' },
  calories: 400,
  protein: 0,
  fat: 0,
  fat_saturated: 0,
  carbohydrate: 100,
  sugar: 100,
  added_sugar: 100,
  sodium: 0,
});
const ICING_SUGAR = food({ ...SUGAR, name: 'Icing sugar', name_fr: 'Sucre à glacer', names: { de: 'Puderzucker', es: 'Azúcar glas' } });
const BUTTER = food({
  name: 'Butter',
  name_fr: 'Beurre',
  names: { de: 'Butter', es: 'Mantequilla' },
  calories: 717,
  protein: 1,
  fat: 81,
  fat_saturated: 51,
  fat_trans: 3,
  cholesterol: 215,
  carbohydrate: 0,
  sodium: 11,
  calcium: 24,
  potassium: 24,
  vitamin_a_IU: 2500,
  vitamin_d_IU: 60,
  allergens: { milk: true },
});
const EGGS = food({
  name: 'Eggs',
  name_fr: 'Œufs',
  names: { de: 'Eier', es: 'Huevo' },
  calories: 143,
  protein: 12.6,
  fat: 9.5,
  fat_saturated: 3.1,
  cholesterol: 372,
  carbohydrate: 0.7,
  sugar: 0.4,
  sodium: 142,
  calcium: 56,
  iron: 1.8,
  potassium: 138,
  vitamin_d_IU: 82,
  allergens: { egg: true },
});
const CHIPS = food({
  name: 'Chocolate chips',
  name_fr: 'Pépites de chocolat',
  names: { de: 'Schokoladenstückchen', es: 'Chispas de chocolate' },
  ingredient_list: 'sugar, chocolate, cocoa butter, milkfat, soy lecithin, vanilla extract',
  ingredient_list_fr: 'sucre, chocolat, beurre de cacao, matière grasse laitière, lécithine de soja, extrait de vanille',
  ingredient_lists: {
    de: 'Zucker, Kakaomasse, Kakaobutter, Butterreinfett, Sojalecithin, Vanilleextrakt',
    es: 'azúcar, chocolate, manteca de cacao, grasa láctea, lecitina de soya, extracto de vainilla',
  },
  calories: 480,
  protein: 4,
  fat: 24,
  fat_saturated: 14,
  carbohydrate: 64,
  fiber: 6,
  sugar: 54,
  added_sugar: 54,
  sodium: 10,
  calcium: 30,
  iron: 3,
  potassium: 300,
  allergens: { milk: true, soy: true },
});
const WATER = food({
  name: 'Water',
  name_fr: 'Eau',
  names: { de: 'Wasser', es: 'Agua' },
  calories: 0,
  protein: 0,
  fat: 0,
  fat_saturated: 0,
  carbohydrate: 0,
  sodium: 0,
});
const SALT = food({
  name: 'Salt',
  name_fr: 'Sel',
  names: { de: 'Salz', es: 'Sal' },
  calories: 0,
  protein: 0,
  fat: 0,
  fat_saturated: 0,
  carbohydrate: 0,
  sodium: 38758,
});
const CARROTS = food({
  name: 'Carrots',
  name_fr: 'Carottes',
  names: { de: 'Karotten', es: 'Zanahoria' },
  calories: 41,
  protein: 0.9,
  fat: 0.2,
  fat_saturated: 0,
  carbohydrate: 9.6,
  fiber: 2.8,
  sugar: 4.7,
  sodium: 69,
  calcium: 33,
  iron: 0.3,
  potassium: 320,
  vitamin_a_IU: 16706,
  vitamin_c: 5.9,
});
const CANOLA_OIL = food({
  name: 'Canola oil',
  names: { 'fr-CA': 'Huile de canola', 'fr-FR': 'Huile de colza', de: 'Rapsöl', 'es-MX': 'Aceite de canola', 'es-ES': 'Aceite de colza' },
  calories: 884,
  protein: 0,
  fat: 100,
  fat_saturated: 7.4,
  fat_trans: 0.4,
  carbohydrate: 0,
  sodium: 0,
  adds_fat: true,
});
const CREAM_CHEESE = food({
  name: 'Cream cheese',
  name_fr: 'Fromage à la crème',
  names: { 'fr-FR': 'Fromage frais', de: 'Frischkäse', es: 'Queso crema' },
  calories: 350,
  protein: 6,
  fat: 34,
  fat_saturated: 20,
  fat_trans: 1,
  cholesterol: 110,
  carbohydrate: 5.5,
  sugar: 3.8,
  sodium: 320,
  calcium: 98,
  potassium: 130,
  vitamin_a_IU: 1100,
  allergens: { milk: true },
});

const MARKETS = ['en-US', 'bilingual', 'en-GB', 'de-DE', 'fr-FR', 'en-AU', 'es-MX'] as const;
const query = (market: string) => (market === 'bilingual' ? 'language=en-CA&format=ca_bilingual' : `language=${market}`);
const codes = (l: any) => l.warnings.filter((w: any) => !w.accepted).map((w: any) => w.code);
const row = (l: any, key: string) => l.nutrients.find((r: any) => r.key === key);
const runsText = (runs: Array<{ text: string }>) => runs.map((r) => r.text).join('');
const emphasised = (l: any) => l.ingredient_statement_runs.filter((r: any) => r.emphasis).map((r: any) => r.text);

const PNG_DIR = join(tmpdir(), 'four-real-products');

describe.each(databaseKinds())('four real products in seven markets, on %s', (kind) => {
  let t: TestApp;
  let c: Client;
  const products: Record<string, any> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    c = t.client();
    const [flour, sugar, icingSugar, butter, eggs, chips, water, salt, carrots, oil, creamCheese] = [
      await ingredient(c, FLOUR),
      await ingredient(c, SUGAR),
      await ingredient(c, ICING_SUGAR),
      await ingredient(c, BUTTER),
      await ingredient(c, EGGS),
      await ingredient(c, CHIPS),
      await ingredient(c, WATER),
      await ingredient(c, SALT),
      await ingredient(c, CARROTS),
      await ingredient(c, CANOLA_OIL),
      await ingredient(c, CREAM_CHEESE),
    ];
    // 688 g of dough, 24 cookies of 28.7 g: 96 % of the 30 g reference amount (US cookies, Canada A.10), one cookie.
    products.cookies = await recipe(
      c,
      {
        name: 'Chocolate chip cookies',
        servings: 24,
        suggested_serving: '1 cookie',
        label_settings: { racc_category: 'cookies', reference_amount_category: 'A.10', household_serving_fr: '1 biscuit' },
      },
      [
        [flour.id, 205],
        [butter.id, 113],
        [sugar.id, 150],
        [eggs.id, 50],
        [chips.id, 170],
        [salt.id, 3],
      ],
    );
    // 516 g, 20 slices of 25.8 g, 10 servings of 2 slices (51.6 g): 51.6 % of the US 50 g (one or two slices,
    // 21 CFR 101.9(b)(2)(i)(B)); Canada A.1 sliced bread is 2 slices whatever they weigh.
    products.loaf = await recipe(
      c,
      {
        name: 'Sourdough loaf',
        servings: 10,
        suggested_serving: '2 slices',
        label_settings: { racc_category: 'breads_rolls', reference_amount_category: 'A.1', household_serving_fr: '2 tranches' },
      },
      [
        [flour.id, 300],
        [water.id, 210],
        [salt.id, 6],
      ],
    );
    // The icing: 100 g cream cheese, 75 g icing sugar, 25 g butter, as a subrecipe.
    const icing = await recipe(c, { name: 'Cream-cheese icing', servings: 1 }, [
      [creamCheese.id, 100],
      [icingSugar.id, 75],
      [butter.id, 25],
    ]);
    const icingIngredient = json(await c.post(`/v1/recipes/${icing.id}/create_subrecipe`)).ingredient;
    // Its names in the label languages, as for any ingredient (FDR B.01.012; 1169/2011 Art. 15; NOM-051 4.2.2).
    const named = await c.put(`/v1/ingredients/${icingIngredient.id}`, {
      name_fr: 'Glaçage au fromage à la crème',
      names: {
        'fr-FR': 'Glaçage au fromage frais',
        de: 'Frischkäseglasur',
        es: 'Betún de queso crema',
        'es-ES': 'Glaseado de queso crema',
      },
    });
    expect(named.statusCode, named.body).toBe(200);
    // 760 g of batter (carrots 21 %: a medium weight cake) and 200 g of icing: 960 g, twelfths of 80 g, the
    // 80 g reference amount of US medium weight cakes and Canada A.6.
    products.cake = await recipe(
      c,
      {
        name: 'Carrot cake',
        servings: 12,
        suggested_serving: '1/12 cake',
        label_settings: { racc_category: 'cakes_medium', reference_amount_category: 'A.6', household_serving_fr: '1/12 gâteau' },
      },
      [
        [flour.id, 180],
        [sugar.id, 160],
        [eggs.id, 150],
        [oil.id, 110],
        [carrots.id, 160],
        [icingIngredient.id, 200],
      ],
    );
    // 1000 g, 20 bars of 50 g: 125 % of the 40 g reference amount (US grain-based bars, Canada A.4), one bar.
    const withMinerals = (body: Record<string, unknown>, potassium: number) => ({ vitamin_d_IU: 0, ...body, potassium });
    const [oats, erythritol, barButter] = [
      await ingredient(c, withMinerals({ ...OATS, iron: 4.7 }, 360)),
      await ingredient(c, withMinerals(ERYTHRITOL, 0)),
      await ingredient(c, withMinerals({ ...BAR_BUTTER, name: 'Unsalted butter', vitamin_d_IU: 60 }, 24)),
    ];
    products.bar = await recipe(
      c,
      {
        name: 'Sugar-free oat bar',
        servings: 20,
        suggested_serving: '1 bar',
        label_settings: { racc_category: 'grain_based_bars', reference_amount_category: 'A.4', household_serving_fr: '1 barre' },
      },
      [
        [oats.id, 600],
        [erythritol.id, 200],
        [barButter.id, 200],
      ],
    );
    mkdirSync(PNG_DIR, { recursive: true });
  });
  afterAll(async () => {
    await t.close();
  });

  // Per 100 g, by hand (protein, fat, available carbohydrate = carbohydrate - fibre, fibre; 17/37/17/8 kJ and
  // 4/9/4/2 kcal per g, Regulation (EU) 1169/2011 Annex XIV; FSANZ Schedule 11 the same; NOM-051 4/9/4 kcal
  // without fibre; the US and Canada sum the ingredients' own calories):
  // - cookies (691 g): protein 5.03, fat 20.13, carbohydrate 60.05, fibre 2.37 (available 57.69):
  //   EU 5.03*17 + 20.13*37 + 57.69*17 + 2.37*8 = 1830.0 kJ; 20.1 + 181.2 + 230.7 + 4.7 = 436.8 kcal;
  //   Mexico 20.1 + 181.2 + 230.7 = 432.1 kcal; US/Canada 440.5 kcal/100 g * 28.8 g = 126.8 -> 130 (101.9(c)(1)).
  // - loaf (516 g, flour 58.14 %): protein 5.81, fat 0.58, carbohydrate 44.19, fibre 1.74 (available 42.44):
  //   EU 98.8 + 21.5 + 721.5 + 14.0 = 855.8 kJ, 23.3 + 5.2 + 169.8 + 3.5 = 201.7 kcal; Mexico 198.2 kcal;
  //   US/Canada 364 kcal * 0.5814 = 211.6 kcal/100 g * 51.6 g = 109.2 -> 110; salt (6 g * 38 758 mg + 300 g *
  //   2 mg) / 516 g = 451.8 mg sodium/100 g -> 1.13 g salt.
  // - cake (960 g): protein 4.65, fat 18.82, carbohydrate 41.01, fibre 1.03 (available 39.98):
  //   EU 1463.0 kJ / 349.9 kcal; Mexico 347.8 kcal; US/Canada 351.8 kcal/100 g * 80 g = 281.4 -> 280.
  // - bar (1000 g): protein 8.0, fat 20.4, carbohydrate 60.8 of which erythritol 20, fibre 6:
  //   EU (erythritol 0 kJ, Annex XIV) 8*17 + 20.4*37 + 34.8*17 + 6*8 = 1530.4 kJ, 366.8 kcal; ANZ (erythritol
  //   1 kJ/g, polyols out of available carbohydrate) 1550.4 kJ; Mexico (2.4 kcal/g polyols, the setting's
  //   default) 32 + 183.6 + 139.2 + 48 = 402.8 kcal; US/Canada 371.4 kcal/100 g * 50 g = 185.7 -> 190.
  const ENERGY: Record<string, { us: number; eu: [number, number]; au: number; mx: number }> = {
    cookies: { us: 130, eu: [1830, 437], au: 1830, mx: 432 },
    loaf: { us: 110, eu: [856, 202], au: 856, mx: 198 },
    cake: { us: 280, eu: [1463, 350], au: 1460, mx: 348 },
    bar: { us: 190, eu: [1530, 367], au: 1550, mx: 403 },
  };

  // What a label inspector reads on each: the "check before print" notes of unconfirmed wording and factors
  // are the only warnings, on the bar alone (docs/labeling.md#sweetener-statements).
  const EXPECTED_WARNINGS: Record<string, Record<string, string[]>> = {
    bar: {
      'en-GB': ['statement_wording_unconfirmed'],
      'de-DE': ['statement_wording_unconfirmed'],
      'fr-FR': ['statement_wording_unconfirmed'],
      'en-AU': ['polyol_factor_unconfirmed', 'statement_wording_unconfirmed'],
      'es-MX': ['polyol_factor_unconfirmed'],
    },
  };

  it.each(['cookies', 'loaf', 'cake', 'bar'])(
    '%s: complete in all seven markets, no warning but the unconfirmed wordings',
    async (name) => {
      for (const market of MARKETS) {
        const l = await label(c, products[name].id, query(market));
        expect(l.complete, `${name} ${market}`).toBe(true);
        expect(codes(l).sort(), `${name} ${market}: ${JSON.stringify(l.warnings)}`).toEqual(EXPECTED_WARNINGS[name]?.[market] ?? []);
      }
    },
  );

  it.each(['cookies', 'loaf', 'cake', 'bar'])('%s: energy by hand in every market', async (name) => {
    const e = ENERGY[name]!;
    for (const market of ['en-US', 'bilingual'])
      expect(row(await label(c, products[name].id, query(market)), 'calories').amount, market).toBe(e.us);
    for (const market of ['en-GB', 'de-DE', 'fr-FR']) {
      const energy = row(await label(c, products[name].id, query(market)), 'energy').per_100;
      expect([energy.kj, energy.kcal], market).toEqual(e.eu);
    }
    expect(row(await label(c, products[name].id, 'language=en-AU'), 'energy').per_100.kj).toBe(e.au);
    expect(row(await label(c, products[name].id, 'language=es-MX'), 'energy').per_100.kcal).toBe(e.mx);
  });

  it('cookies: the chips keep their name and place (21 CFR 101.4(b)(2); 1169/2011 Annex VII Part E; FSANZ 1.2.4; FDR B.01.009), allergens on the right words', async () => {
    const id = products.cookies.id;
    const us = await label(c, id, 'language=en-US');
    expect(us.ingredient_statement).toBe(
      'Ingredients: Enriched wheat flour, Chocolate chips (sugar, chocolate, cocoa butter, milkfat, soy lecithin, vanilla extract), Sugar, Butter, Eggs, Salt',
    );
    expect(us.allergen_statement).toBe('Contains: Milk, Egg, Wheat, Soy');
    const ca = await label(c, id, query('bilingual'));
    expect(ca.ingredient_statement).toContain(
      'Chocolate chips (sugar, chocolate, cocoa butter, milkfat, soy lecithin, vanilla extract), Sugars (sugar)',
    );
    expect(ca.bilingual.ingredient_statement_fr).toBe(
      'Ingrédients : Farine de blé enrichie, Pépites de chocolat (sucre, chocolat, beurre de cacao, matière grasse laitière, lécithine de soja, extrait de vanille), Sucres (sucre), Beurre, Œufs, Sel',
    );
    expect(ca.bilingual.allergen_statement_fr).toBe('Contient : Lait, Œufs, Blé, Soja');
    const expected: Record<string, [string, string[]]> = {
      'en-GB': [
        'Enriched wheat flour, Chocolate chips (sugar, chocolate, cocoa butter, milkfat (milk), soy lecithin, vanilla extract), Sugar, Butter (milk), Eggs, Salt',
        ['wheat', 'milk', 'soy', 'milk', 'Eggs'],
      ],
      'de-DE': [
        'Weizenmehl, Schokoladenstückchen (Zucker, Kakaomasse, Kakaobutter, Butterreinfett (Milch), Sojalecithin, Vanilleextrakt), Zucker, Butter (Milch), Eier, Salz',
        ['Weizen', 'Milch', 'Soja', 'Milch', 'Eier'],
      ],
      'fr-FR': [
        'Farine de blé enrichie, Pépites de chocolat (sucre, chocolat, beurre de cacao, matière grasse laitière (lait), lécithine de soja, extrait de vanille), Sucre, Beurre (lait), Œufs, Sel',
        ['blé', 'lait', 'soja', 'lait', 'Œufs'],
      ],
      'en-AU': [
        'Enriched wheat flour, Chocolate chips (sugar, chocolate, cocoa butter, milkfat (milk), soy lecithin, vanilla extract), Sugar, Butter (milk), Eggs, Salt',
        ['wheat', 'milk', 'soy', 'milk', 'Eggs'],
      ],
      // NOM-051 4.2.2.2.3 in Mexican Spanish: "soya" found in "lecitina de soya", milk at "grasa láctea".
      'es-MX': [
        'Harina de trigo enriquecida, Chispas de chocolate (azúcar, chocolate, manteca de cacao, grasa láctea (leche), lecitina de soya, extracto de vainilla), Azúcar, Mantequilla (leche), Huevo, Sal',
        ['trigo', 'leche', 'soya', 'leche', 'Huevo'],
      ],
    };
    for (const [market, [text, bold]] of Object.entries(expected)) {
      const l = await label(c, id, query(market));
      expect(runsText(l.ingredient_statement_runs), market).toBe(text);
      expect(emphasised(l), market).toEqual(bold);
    }
    expect((await label(c, id, 'language=en-AU')).allergen_statement).toBe('Contains: wheat, gluten, soy, milk, egg');
    expect((await label(c, id, 'language=es-MX')).allergen_statement).toBe('Contiene: leche, huevo, trigo, soya.');
  });

  it('cake: the icing subrecipe is a compound ingredient in first place, canola in Canada and Mexico, colza in France', async () => {
    const id = products.cake.id;
    expect((await label(c, id, 'language=en-US')).ingredient_statement).toBe(
      'Ingredients: Cream-cheese icing (Cream cheese, Icing sugar, Butter), Enriched wheat flour, Sugar, Carrots, Eggs, Canola oil',
    );
    const ca = await label(c, id, query('bilingual'));
    expect(ca.bilingual.ingredient_statement_fr).toBe(
      'Ingrédients : Glaçage au fromage à la crème (Fromage à la crème, Sucres (sucre à glacer), Beurre), Farine de blé enrichie, Sucres (sucre), Carottes, Œufs, Huile de canola',
    );
    expect(runsText((await label(c, id, 'language=fr-FR')).ingredient_statement_runs)).toBe(
      'Glaçage au fromage frais (Fromage frais (lait), Sucre à glacer, Beurre (lait)), Farine de blé enrichie, Sucre, Carottes, Œufs, Huile de colza',
    );
    expect(runsText((await label(c, id, 'language=de-DE')).ingredient_statement_runs)).toBe(
      'Frischkäseglasur (Frischkäse (Milch), Puderzucker, Butter (Milch)), Weizenmehl, Zucker, Karotten, Eier, Rapsöl',
    );
    const mx = await label(c, id, 'language=es-MX');
    expect(runsText(mx.ingredient_statement_runs)).toBe(
      'Betún de queso crema (Queso crema (leche), Azúcar glas, Mantequilla (leche)), Harina de trigo enriquecida, Azúcar, Zanahoria, Huevo, Aceite de canola',
    );
    expect(mx.allergen_statement).toBe('Contiene: leche, huevo, trigo.');
  });

  it('servings: one cookie, 2 slices, 1/12 cake, one bar (21 CFR 101.9(b)(2), Canada Column 3A), in French in Canada (FDR B.01.012)', async () => {
    const cases: Array<[string, string, string, string]> = [
      ['cookies', '1 cookie (29g)', 'Per 1 cookie (29 g)', 'pour 1 biscuit (29 g)'],
      ['loaf', '2 slices (52g)', 'Per 2 slices (52 g)', 'pour 2 tranches (52 g)'],
      ['cake', '1/12 cake (80g)', 'Per 1/12 cake (80 g)', 'pour 1/12 gâteau (80 g)'],
      ['bar', '1 bar (50g)', 'Per 1 bar (50 g)', 'pour 1 barre (50 g)'],
    ];
    for (const [name, us, en, fr] of cases) {
      expect((await label(c, products[name].id, 'language=en-US')).serving_size.display, name).toBe(us);
      const ca = await label(c, products[name].id, query('bilingual'));
      expect(ca.serving_size.display, name).toBe(en);
      expect(ca.bilingual.serving_display_fr, name).toBe(fr);
      expect((await label(c, products[name].id, 'language=fr-CA')).serving_size.display, name).toBe(fr);
    }
  });

  it('the bar: Sugar Free with the Sugar Alcohol row (101.9(c)(6)(iv)), the sweetener statements of 1169/2011 Annex III and FSANZ', async () => {
    const id = products.bar.id;
    const us = await label(c, id, 'language=en-US');
    expect(us.claims).toContain('Sugar Free');
    expect(us.claims.join(' ')).not.toContain('a sugar-free food');
    expect(row(us, 'sugar_alcohol').display).toBe('10g');
    const statements = async (language: string) =>
      (await label(c, id, `language=${language}`)).mandatory_statements.map((s: any) => s.text);
    expect(await statements('en-GB')).toEqual(['with sweetener(s)', 'excessive consumption may produce laxative effects']);
    expect(await statements('de-DE')).toEqual(['mit Süßungsmittel(n)', 'kann bei übermäßigem Verzehr abführend wirken']);
    expect(await statements('fr-FR')).toEqual(['avec édulcorant(s)', 'une consommation excessive peut avoir des effets laxatifs']);
    expect(await statements('en-AU')).toEqual(['Excessive consumption may have a laxative effect.']);
    for (const name of ['cookies', 'loaf', 'cake'])
      expect((await label(c, products[name].id, 'language=en-GB')).mandatory_statements, name).toEqual([]);
  });

  it('draws every label as a PNG', async () => {
    for (const name of ['cookies', 'loaf', 'cake', 'bar']) {
      for (const market of MARKETS) {
        const png = await c.get(`/v1/recipes/${products[name].id}/label.png?${query(market)}`);
        expect(png.statusCode, `${name} ${market}`).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        // Kept for a person to look at (the file names say product and market).
        writeFileSync(join(PNG_DIR, `${kind}-${name}-${market}.png`), png.rawPayload);
      }
    }
  });
});
