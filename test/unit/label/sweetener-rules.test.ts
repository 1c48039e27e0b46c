// Polyols and sweeteners in each market's rules (src/core/label/rules/): energy factors per polyol
// (FSANZ Schedule 11 S11—2(3); Regulation (EU) 1169/2011 Annex XIV; NOM-051, unconfirmed), the Sugar
// Alcohol row (21 CFR 101.9(c)(6)(iv)), the "specially processed" wording of sugars claims (21 CFR
// 101.13(e)(2)), and the mandatory statements (1169/2011 Annex III point 2; FSANZ 1.2.3; NOM-051 7.1.3).
import { describe, expect, it } from 'vitest';
import {
  anzPolyolEnergy,
  carbohydrateAtCarbohydrateFactor,
  euPolyolEnergy,
  mxPolyolEnergy,
} from '../../../src/core/label/rules/polyol-energy.js';
import { speciallyProcessedForSugars, sugarAlcoholRow } from '../../../src/core/label/rules/sugars-claims.js';
import {
  anzSweetenerStatements,
  euSweetenerStatements,
  mxSweetenerStatements,
  type SweetenerFacts,
} from '../../../src/core/label/rules/sweetener-statements.js';
import { dec } from '../../../src/core/label/shared/decimal-round.js';

describe('FSANZ Schedule 11 S11—2(3): polyols at their own factors, out of the carbohydrate at 17 kJ/g', () => {
  it.each([
    [{ sugar_alcohol: 20, erythritol: 20 }, '20'],
    [{ sorbitol: 10 }, '140'],
    [{ sugar_alcohol: 10, maltitol: 10 }, '130'],
    [{ xylitol: 1, mannitol: 1, isomalt: 1, lactitol: 1 }, '41'],
  ])('%o: %s kJ', (amounts, kj) => {
    expect(anzPolyolEnergy(amounts).kj.toString()).toBe(kj);
  });

  it("the oat bar: 20 g/100 g of erythritol at 1 kJ/g, out of carbohydrate's 17 kJ/g, is 320 kJ less (the bakery's 1900 kJ bar is about 1580)", () => {
    // Per 100 g: protein 10, fat 20, carbohydrate by difference 57 (fibre 5, erythritol 20).
    const polyols = anzPolyolEnergy({ sugar_alcohol: 20, erythritol: 20 });
    const carbohydrate = carbohydrateAtCarbohydrateFactor('anz', 57, 5, polyols.polyols);
    expect(carbohydrate.toString()).toBe('32');
    const kj = dec(10).mul(17).plus(dec(20).mul(37)).plus(carbohydrate.mul(17)).plus(dec(5).mul(8)).plus(polyols.kj);
    const before = dec(10).mul(17).plus(dec(20).mul(37)).plus(dec(52).mul(17)).plus(dec(5).mul(8));
    expect(before.toString()).toBe('1834');
    expect(kj.toString()).toBe('1514');
    expect(before.minus(kj).toString()).toBe('320');
  });

  it('polyols not named one by one count at 17 kJ/g and say so (polyol_unnamed); unconfirmed factors say so', () => {
    const energy = anzPolyolEnergy({ sugar_alcohol: 12, sorbitol: 10 });
    expect(energy.unnamed.toString()).toBe('2');
    expect(energy.kj.toString()).toBe(String(10 * 14 + 2 * 17));
    expect(energy.warnings.map((w) => w.code)).toEqual(['polyol_unnamed', 'polyol_factor_unconfirmed']);
  });
});

describe('Regulation (EU) 1169/2011 Annex XIV: polyols 10 kJ / 2.4 kcal, erythritol 0', () => {
  it.each([
    [{ sugar_alcohol: 20, erythritol: 20 }, '0', '0'],
    [{ sugar_alcohol: 20 }, '200', '48'],
    [{ sugar_alcohol: 30, erythritol: 10, sorbitol: 20 }, '200', '48'],
  ])('%o: %s kJ, %s kcal', (amounts, kj, kcal) => {
    const energy = euPolyolEnergy(amounts);
    expect(energy.kj.toString()).toBe(kj);
    expect(energy.kcal?.toString()).toBe(kcal);
  });
});

describe('NOM-051 (factor unconfirmed, a named setting)', () => {
  it('counts polyols at 2.4 kcal / 10 kJ by default and warns', () => {
    const energy = mxPolyolEnergy({ sugar_alcohol: 10 });
    expect([energy.kcal?.toString(), energy.kj.toString()]).toEqual(['24', '100']);
    expect(energy.warnings.map((w) => w.code)).toEqual(['polyol_factor_unconfirmed']);
  });
});

describe('21 CFR 101.9(c)(6): sugar alcohols stay in total carbohydrate', () => {
  it('takes nothing out in the US, the polyols elsewhere', () => {
    expect(carbohydrateAtCarbohydrateFactor('us', 57, 5, dec(20)).toString()).toBe('52');
    expect(carbohydrateAtCarbohydrateFactor('eu', 57, 5, dec(20)).toString()).toBe('32');
    expect(carbohydrateAtCarbohydrateFactor('eu', 10, 5, dec(20)).toString()).toBe('0');
  });
});

describe('21 CFR 101.9(c)(6)(iv): the Sugar Alcohol row', () => {
  it.each([
    [['sugar_free'], 20, 'mandatory'],
    [['no_added_sugar'], 0.2, 'mandatory'],
    [['sugar_free'], 0, 'voluntary'],
    [['sugar_free'], null, 'undetermined'],
    [['low_fat'], 20, 'voluntary'],
    [[], 20, 'voluntary'],
  ] as const)('claims %o with %s g sugar alcohol: %s', (claims, grams, rule) => {
    expect(sugarAlcoholRow(claims, grams)).toBe(rule);
  });
});

describe('21 CFR 101.13(e)(2): a sweetened food is specially processed for its sugars claim', () => {
  it.each([
    [{ intense_sweetener: true, added_polyols: 0 }, true],
    [{ intense_sweetener: false, added_polyols: 20 }, true],
    [{ intense_sweetener: false, added_polyols: 0 }, false],
  ])('%o: %s', (facts, processed) => {
    expect(speciallyProcessedForSugars(facts)).toBe(processed);
  });
});

const facts = (over: Partial<SweetenerFacts>): SweetenerFacts => ({
  intense_sweetener: false,
  phenylalanine: false,
  added_polyols_per_100g: 0,
  added_sugars: false,
  ...over,
});

describe('Regulation (EU) 1169/2011 Annex III point 2: statements in each label language', () => {
  it.each([
    [facts({ added_polyols_per_100g: 10 }), 'en', ['with sweetener(s)']],
    [facts({ added_polyols_per_100g: 10.01 }), 'en', ['with sweetener(s)', 'excessive consumption may produce laxative effects']],
    [facts({ intense_sweetener: true, added_sugars: true }), 'en', ['with sugar(s) and sweetener(s)']],
    [facts({ intense_sweetener: true, phenylalanine: true }), 'en', ['with sweetener(s)', 'contains a source of phenylalanine']],
    [facts({ added_polyols_per_100g: 20 }), 'de', ['mit Süßungsmittel(n)', 'kann bei übermäßigem Verzehr abführend wirken']],
    [facts({ added_polyols_per_100g: 20 }), 'fr', ['avec édulcorant(s)', 'une consommation excessive peut avoir des effets laxatifs']],
    [facts({ added_polyols_per_100g: 20 }), 'es', ['con edulcorante(s)', 'un consumo excesivo puede producir efectos laxantes']],
    [facts({ added_polyols_per_100g: 20 }), 'it', ['con edulcorante/i', 'un consumo eccessivo può avere effetti lassativi']],
    [facts({ added_polyols_per_100g: 20 }), 'nl', ['met zoetstof(fen)', 'overmatig gebruik kan een laxerend effect hebben']],
    [facts({}), 'en', []],
  ] as const)('%o in %s: %o', (given, base, texts) => {
    const statements = euSweetenerStatements(given, base);
    expect(statements.map((s) => s.text)).toEqual(texts);
    // None was read in the Official Journal from here: each says so.
    for (const statement of statements) expect(statement.confirmed).toBe(false);
  });
});

describe('FSANZ Standard 1.2.3 and NOM-051 7.1.3', () => {
  it('ANZ: the polyol advisory at 10 g/100 g (named setting), the phenylalanine warning; both unconfirmed', () => {
    expect(anzSweetenerStatements(facts({ added_polyols_per_100g: 9.99 }))).toEqual([]);
    const statements = anzSweetenerStatements(facts({ added_polyols_per_100g: 10, phenylalanine: true }));
    expect(statements.map((s) => [s.code, s.confirmed])).toEqual([
      ['laxative', false],
      ['phenylalanine', false],
    ]);
  });

  it('Mexico: the sweetener legend with an intense sweetener, none without', () => {
    expect(mxSweetenerStatements(facts({ intense_sweetener: true })).map((s) => s.text)).toEqual([
      'CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS',
    ]);
    expect(mxSweetenerStatements(facts({ added_polyols_per_100g: 20 }))).toEqual([]);
  });
});
