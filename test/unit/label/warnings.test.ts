// Unknown is not zero (docs/api.md#trust-and-completeness): completeness, warnings, and claims on both sides of every gap:
// a known zero earns the claim; an unknown withholds it, also once accepted as zero (accepting completes
// the table, it does not make a claim true).
import { describe, expect, it } from 'vitest';
import { buildLabel, type LabelInput } from '../../../src/core/label/build-label.js';
import type { FrontOfPack, LabelModel } from '../../../src/core/label/shared/model.js';
import type { MissingNutrients } from '../../../src/core/recipe/missing.js';

const ALL_ZERO = {
  calories: 0,
  fat: 0,
  fat_saturated: 0,
  fat_trans: 0,
  cholesterol: 0,
  sodium: 0,
  carbohydrate: 0,
  fiber: 0,
  sugar: 0,
  added_sugar: 0,
  protein: 0,
  vitamin_d_mcg: 0,
  calcium: 0,
  iron: 0,
  potassium: 0,
};

// A 240 g serving of a water-like drink (RACC 240 g): every "Free" claim holds on its known values.
const DRINK: LabelInput = {
  recipe_id: 1,
  nutrition: ALL_ZERO,
  serving_grams: 240,
  household_serving: '1 cup',
  servings_per_container: 1,
  allergens: {},
  ingredient_statement: { 'en-US': null, 'en-CA': null, 'fr-CA': null },
  settings: {
    racc_grams: 240,
    reference_amount_grams: 240,
    specially_processed: ['calories', 'fat', 'fat_saturated', 'cholesterol', 'sodium', 'sugar'],
  },
  empty_recipe: false,
};

const gap = (...keys: string[]): MissingNutrients =>
  Object.fromEntries(keys.map((k) => [k, [{ ingredient_id: 81, name: 'USDA butter', grams: 227, recipe_id: 1 }]]));

const us = (over: Partial<LabelInput>): LabelModel =>
  buildLabel(
    { ...DRINK, ...over, nutrition: { ...ALL_ZERO, ...(over.nutrition ?? {}) }, settings: { ...DRINK.settings, ...(over.settings ?? {}) } },
    { language: 'en-US', format: 'fda_vertical' },
  );

// [claim, nutrient whose contributions are unknown, nutrition that makes the claim hold on known values]
const CLAIMS: ReadonlyArray<[string, string, Record<string, number>]> = [
  ['Calorie Free', 'calories', {}], // 21 CFR 101.60(b)(1)
  ['Low Calorie', 'calories', { calories: 40 }], // 101.60(b)(2)
  ['Fat Free', 'fat', {}], // 101.62(b)(1)
  ['Low Fat', 'fat', { fat: 3 }], // 101.62(b)(2)
  ['Saturated Fat Free', 'fat_saturated', {}], // 101.62(c)(1)
  ['Saturated Fat Free', 'fat_trans', {}], // 101.62(c)(1): trans is part of the condition
  ['Cholesterol Free', 'cholesterol', {}], // 101.62(d)(1)
  ['Cholesterol Free', 'fat_saturated', {}], // 101.62(d)(1): <= 2 g saturated fat too
  ['Sodium Free', 'sodium', {}], // 101.61(b)(1)
  ['Low Sodium', 'sodium', { sodium: 140 }], // 101.61(b)(4)
  ['Sugar Free', 'sugar', {}], // 101.60(c)(1)
  ['High Fiber', 'fiber', { fiber: 6, carbohydrate: 6 }], // 101.54(b)
  ['High in Calcium', 'calcium', { calcium: 300 }], // 101.54(b): >= 20 % of 1300 mg
];

describe('FDA claims never rest on an unknown (docs/api.md#claims)', () => {
  it.each(CLAIMS)('%s: known -> claimed; %s unknown -> withheld; accepted -> still withheld, label complete', (claim, key, nutrition) => {
    const known = us({ nutrition });
    expect(known.claims).toContain(claim);
    expect(known.complete).toBe(true);
    expect(known.warnings).toEqual([]);

    const unknown = us({ nutrition, missing: gap(key) });
    expect(unknown.claims).not.toContain(claim);
    expect(unknown.complete).toBe(false);
    expect(unknown.warnings).toEqual([
      expect.objectContaining({ code: 'missing_nutrient', nutrient: key, ingredient_ids: [81], accepted: false }),
    ]);
    expect(unknown.warnings[0]!.message).toContain('USDA butter');

    const accepted = us({ nutrition, missing: gap(key), settings: { accept_missing: [key] } });
    expect(accepted.claims).not.toContain(claim);
    expect(accepted.complete).toBe(true);
    expect(accepted.warnings).toEqual([expect.objectContaining({ code: 'missing_nutrient', nutrient: key, accepted: true })]);
  });

  it('a withheld claim takes no weaker claim of its group with it ("Low Sodium" on a partly unknown sodium)', () => {
    expect(us({ missing: gap('sodium') }).claims.filter((c) => c.includes('Sodium'))).toEqual([]);
  });

  it('an unknown nutrient with a disclosure level is disclosed next to any claim (21 CFR 101.13(h))', () => {
    const label = us({ missing: gap('sodium') });
    expect(label.claims).toContain('Fat Free');
    expect(label.disclosures).toEqual(['See nutrition information for sodium content']);
  });
});

describe('completeness', () => {
  it.each([
    ['nothing missing', {}, [], true],
    ['one unaccepted gap', gap('potassium'), [], false],
    ['the gap accepted', gap('potassium'), ['potassium'], true],
    ['two gaps, one accepted', gap('vitamin_d', 'potassium'), ['potassium'], false],
    ['both accepted', gap('vitamin_d', 'potassium'), ['potassium', 'vitamin_d'], true],
    // Not printed on this label (no optional vitamin C row): not this label's gap.
    ['a gap in a row the label does not print', gap('vitamin_c'), [], true],
  ] as const)('%s', (_name, missing, accept, complete) => {
    const label = us({ missing, settings: { accept_missing: [...accept] } });
    expect(label.complete).toBe(complete);
    expect(label.warnings.map((w) => [w.nutrient, w.accepted])).toEqual(
      Object.keys(missing)
        .filter((k) => k !== 'vitamin_c')
        .map((k) => [k, (accept as readonly string[]).includes(k)]),
    );
  });

  it('warnings follow the printed order of the rows', () => {
    const label = us({ missing: gap('potassium', 'calories', 'sodium') });
    expect(label.warnings.map((w) => w.nutrient)).toEqual(['calories', 'sodium', 'potassium']);
  });

  it('an optional row with a gap is warned about once it is printed', () => {
    expect(us({ missing: gap('vitamin_c'), settings: { optional_nutrients: ['vitamin_c'] } }).complete).toBe(false);
  });
});

describe('fda_simplified (21 CFR 101.9(f))', () => {
  // Nine insignificant nutrients: qualifies.
  const LEAN = { calories: 100, carbohydrate: 20, sugar: 10, added_sugar: 10, protein: 5, calcium: 500 };
  const simplified = (over: Partial<LabelInput>) =>
    buildLabel({ ...DRINK, ...over, nutrition: { ...ALL_ZERO, ...LEAN } }, { language: 'en-US', format: 'fda_simplified' });

  it('a qualifying recipe is complete', () => {
    const label = simplified({});
    expect(label.warnings).toEqual([]);
    expect(label.complete).toBe(true);
  });

  it('unknown nutrients cannot be shown insignificant: 9 known-insignificant minus 2 unknown = 7, not allowed', () => {
    const label = simplified({ missing: gap('fat_trans', 'cholesterol') });
    const refused = label.warnings.find((w) => w.code === 'format_not_allowed')!;
    expect(refused.message).toContain('this recipe has 7');
    expect(label.complete).toBe(false);
    // The unknown rows stay printed (they are not "not a significant source"), and are warned about.
    expect(label.nutrients.map((r) => r.key)).toEqual(expect.arrayContaining(['fat_trans', 'cholesterol']));
  });

  it('accepted gaps count as zero again, and stay warned about although their rows are left off', () => {
    const label = simplified({
      missing: gap('fat_trans', 'cholesterol'),
      settings: { ...DRINK.settings, accept_missing: ['fat_trans', 'cholesterol'] },
    });
    expect(label.warnings.map((w) => [w.code, w.nutrient, w.accepted])).toEqual([
      ['missing_nutrient', 'fat_trans', true],
      ['missing_nutrient', 'cholesterol', true],
    ]);
    expect(label.nutrients.map((r) => r.key)).not.toContain('cholesterol');
    expect(label.complete).toBe(true);
  });
});

describe('Canada: "free of" declarations and the front-of-pack symbol never rest on unknowns', () => {
  const ca = (over: Partial<LabelInput>, language: 'en-CA' | 'fr-CA' = 'en-CA') =>
    buildLabel(
      {
        ...DRINK,
        ...over,
        nutrition: { ...ALL_ZERO, ...(over.nutrition ?? {}) },
        settings: { ...DRINK.settings, ...(over.settings ?? {}) },
      },
      { language, format: 'ca_standard' },
    );
  const row = (label: LabelModel, key: string) => label.nutrients.find((r) => r.key === key)!;

  // B.01.401 item 8: < 5 mg prints 0 only for a food "free of sodium or salt".
  it.each([
    ['known', '0 mg', {}, [], true],
    ['unknown', '3 mg', gap('sodium'), [], false],
    ['accepted', '0 mg', gap('sodium'), ['sodium'], true],
  ] as const)('sodium 3 mg, %s: prints %s', (_name, display, missing, accept, complete) => {
    const label = ca({ nutrition: { sodium: 3 }, missing, settings: { accept_missing: [...accept] } });
    expect(row(label, 'sodium').display).toBe(display);
    expect(label.complete).toBe(complete);
  });

  // B.01.401 item 2: < 5 Cal prints 0 only when "free of energy".
  it('calories 3: "0" only when known', () => {
    expect(row(ca({ nutrition: { calories: 3 } }), 'calories').display).toBe('0');
    expect(row(ca({ nutrition: { calories: 3 }, missing: gap('calories') }), 'calories').display).not.toBe('0');
  });

  // B.01.350(1)(a): RA 240 g > 30 g -> 15 % of the 2300 mg DV = 345 mg.
  it.each([
    ['below on known values, unknown rest: undetermined', 100, gap('sodium'), [], [], ['sodium'], false],
    ['above on known values: high in, whatever the rest', 400, gap('sodium'), [], ['sodium'], undefined, false],
    ['below, the rest accepted as zero: not high in', 100, gap('sodium'), ['sodium'], [], undefined, true],
    ['below, all known: not high in', 100, {}, [], [], undefined, true],
  ] as const)('sodium %s', (_name, sodium, missing, accept, highIn, undetermined, complete) => {
    const label = ca({ nutrition: { sodium }, missing, settings: { accept_missing: [...accept] } });
    expect((label.front_of_pack as FrontOfPack).high_in).toEqual(highIn);
    expect((label.front_of_pack as FrontOfPack).undetermined).toEqual(undetermined);
    expect(label.complete).toBe(complete);
    const warning = label.warnings.find((w) => w.nutrient === 'sodium');
    if (undetermined) expect(warning!.message).toContain('"High in" symbol');
  });
});

describe('statement warnings', () => {
  const untranslated = { ingredients: [{ id: 5, name: 'Butter' }], allergens: [{ text: 'Tilapia', ingredient_ids: [9] }] };
  const label = (language: 'en-US' | 'en-CA' | 'fr-CA', format: 'fda_vertical' | 'ca_standard' | 'ca_bilingual') =>
    buildLabel({ ...DRINK, untranslated, inferred_allergens: [{ id: 7, name: 'Whole egg' }] }, { language, format });

  it.each([
    ['en-US', 'fda_vertical', false],
    ['en-CA', 'ca_standard', false],
    ['fr-CA', 'ca_standard', true],
    ['en-CA', 'ca_bilingual', true],
  ] as const)(
    '%s %s: missing_translation %s (blocks: FDR B.01.012(2)); inferred_allergens always (informs)',
    (language, format, french) => {
      const l = label(language, format);
      const translation = l.warnings.filter((w) => w.code === 'missing_translation');
      expect(translation.length).toBe(french ? 2 : 0);
      if (french) {
        expect(translation[0]).toMatchObject({ ingredient_ids: [5], accepted: false });
        expect(translation[0]!.message).toContain('Butter');
        expect(translation[1]).toMatchObject({ ingredient_ids: [9] });
        expect(translation[1]!.message).toContain('"Tilapia"');
      }
      expect(l.warnings.filter((w) => w.code === 'inferred_allergens')).toEqual([
        expect.objectContaining({ ingredient_ids: [7], accepted: false }),
      ]);
      expect(l.complete).toBe(!french);
    },
  );

  it('accept_missing does not accept a missing translation', () => {
    const l = buildLabel(
      { ...DRINK, untranslated, settings: { ...DRINK.settings, accept_missing: ['sodium', 'calories'] } },
      { language: 'fr-CA', format: 'ca_standard' },
    );
    expect(l.warnings.filter((w) => w.code === 'missing_translation').every((w) => !w.accepted)).toBe(true);
    expect(l.complete).toBe(false);
  });
});
