// NOM-051-SCFI/SSA1-2010 (modification DOF 27 March 2020): warning seals (4.5.3, Table 6), phases and legends (7.1.3-7.1.4).
import { describe, expect, it } from 'vitest';
import type { IngredientAdditions as MxIngredientFacts } from '../../../src/core/label/shared/label-input.js';
import type { MxColumnValue, MxFrontOfPackValue } from '../../../src/core/label/shared/model.js';
import { ingredientAdditions as mxIngredientFacts } from '../../../src/core/recipe/additions.js';
import { labelOfPer100g, type Per100gFood } from '../../support/per-100g-label.js';
import { mxPhase, mxPhaseOn } from '../../../src/core/label/mexico/phase.js';
import {
  LEGEND_CAFFEINE,
  LEGEND_SWEETENERS,
  type MxSeal,
  PHASE_1,
  type ProductKind,
  type SealThresholds,
  sealCriteria,
  TABLE_6,
} from '../../../src/core/label/mexico/seals.js';
import { dec } from '../../../src/core/label/shared/decimal-round.js';

interface Amounts {
  kcal: number;
  sugar?: number;
  sat?: number;
  trans?: number;
  sodium?: number;
}

function meets(seal: MxSeal, a: Amounts, kind: ProductKind, t: SealThresholds): boolean {
  return sealCriteria(
    {
      kcal: dec(a.kcal),
      free_sugars_g: dec(a.sugar ?? 0),
      saturated_g: dec(a.sat ?? 0),
      trans_g: dec(a.trans ?? 0),
      sodium_mg: dec(a.sodium ?? 0),
    },
    kind,
    t,
  )[seal];
}

type Case = [why: string, seal: MxSeal, amounts: Amounts, kind: ProductKind, expected: boolean];

describe('Table 6 (phase 3; phase 2 by the named default), both sides of every threshold', () => {
  it.each<Case>([
    ['solids: 275 kcal', 'EXCESO CALORÍAS', { kcal: 275 }, 'solid', true],
    ['solids: 274.99 kcal', 'EXCESO CALORÍAS', { kcal: 274.99 }, 'solid', false],
    ['liquids: 70 kcal', 'EXCESO CALORÍAS', { kcal: 70 }, 'liquid', true],
    ['liquids: 69.99 kcal', 'EXCESO CALORÍAS', { kcal: 69.99 }, 'liquid', false],
    ['liquids: 8 kcal from free sugars', 'EXCESO CALORÍAS', { kcal: 20, sugar: 2 }, 'beverage', true],
    ['liquids: 7.99 kcal from free sugars', 'EXCESO CALORÍAS', { kcal: 20, sugar: 1.9975 }, 'beverage', false],
    ['solids: free-sugar kcal do not count', 'EXCESO CALORÍAS', { kcal: 200, sugar: 40 }, 'solid', false],
    ['10 % of energy from free sugars', 'EXCESO AZÚCARES', { kcal: 100, sugar: 2.5 }, 'solid', true],
    ['9.99 % of energy from free sugars', 'EXCESO AZÚCARES', { kcal: 100, sugar: 2.4975 }, 'solid', false],
    ['beverages: no exception in Table 6', 'EXCESO AZÚCARES', { kcal: 50, sugar: 2.4975 }, 'beverage', true],
    ['10 % of energy from saturated fat', 'EXCESO GRASAS SATURADAS', { kcal: 90, sat: 1 }, 'solid', true],
    ['9.99 % of energy from saturated fat', 'EXCESO GRASAS SATURADAS', { kcal: 90, sat: 0.999 }, 'solid', false],
    ['1 % of energy from trans fat', 'EXCESO GRASAS TRANS', { kcal: 900, trans: 1 }, 'solid', true],
    ['0.999 % of energy from trans fat', 'EXCESO GRASAS TRANS', { kcal: 900, trans: 0.999 }, 'solid', false],
    ['300 mg sodium', 'EXCESO SODIO', { kcal: 400, sodium: 300 }, 'solid', true],
    ['299.99 mg sodium, 0.75 mg/kcal', 'EXCESO SODIO', { kcal: 400, sodium: 299.99 }, 'solid', false],
    ['1 mg sodium per kcal', 'EXCESO SODIO', { kcal: 200, sodium: 200 }, 'solid', true],
    ['0.99995 mg sodium per kcal', 'EXCESO SODIO', { kcal: 200, sodium: 199.99 }, 'solid', false],
    ['no energy, no sodium: no seal', 'EXCESO SODIO', { kcal: 0, sodium: 0 }, 'solid', false],
    ['calorie-free beverage (4.99 kcal): 45 mg', 'EXCESO SODIO', { kcal: 4.99, sodium: 45 }, 'beverage', true],
    ['calorie-free beverage (4.99 kcal): 44.99 mg', 'EXCESO SODIO', { kcal: 4.99, sodium: 44.99 }, 'beverage', false],
    ['a beverage of 5 kcal is not calorie-free: 1 mg/kcal applies', 'EXCESO SODIO', { kcal: 5, sodium: 44 }, 'beverage', true],
    ['a liquid that is not a beverage: 1 mg/kcal applies', 'EXCESO SODIO', { kcal: 4.99, sodium: 44 }, 'liquid', true],
  ])('%s', (_why, seal, amounts, kind, expected) => {
    expect(meets(seal, amounts, kind, TABLE_6)).toBe(expected);
  });
});

describe('Phase 1 thresholds (1 Oct 2020 - 30 Sep 2023), both sides', () => {
  it.each<Case>([
    ['solids: 275 kcal', 'EXCESO CALORÍAS', { kcal: 275 }, 'solid', true],
    ['solids: 274.99 kcal', 'EXCESO CALORÍAS', { kcal: 274.99 }, 'solid', false],
    ['liquids: 10 kcal from free sugars', 'EXCESO CALORÍAS', { kcal: 20, sugar: 2.5 }, 'beverage', true],
    ['liquids: 9.99 kcal from free sugars', 'EXCESO CALORÍAS', { kcal: 20, sugar: 2.4975 }, 'beverage', false],
    ['beverage with 10 kcal of free sugars is not excepted', 'EXCESO AZÚCARES', { kcal: 50, sugar: 2.5 }, 'beverage', true],
    ['beverage with 9.99 kcal of free sugars is excepted', 'EXCESO AZÚCARES', { kcal: 50, sugar: 2.4975 }, 'beverage', false],
    ['a solid with 9.99 kcal of free sugars is not excepted', 'EXCESO AZÚCARES', { kcal: 50, sugar: 2.4975 }, 'solid', true],
    ['10 % saturated', 'EXCESO GRASAS SATURADAS', { kcal: 90, sat: 1 }, 'solid', true],
    ['1 % trans', 'EXCESO GRASAS TRANS', { kcal: 900, trans: 1 }, 'solid', true],
    ['350 mg sodium', 'EXCESO SODIO', { kcal: 400, sodium: 350 }, 'solid', true],
    ['349.99 mg sodium', 'EXCESO SODIO', { kcal: 400, sodium: 349.99 }, 'solid', false],
    ['no mg/kcal test in phase 1', 'EXCESO SODIO', { kcal: 100, sodium: 200 }, 'solid', false],
    ['calorie-free beverage: 45 mg', 'EXCESO SODIO', { kcal: 0.4, sodium: 45 }, 'beverage', true],
    ['calorie-free beverage: 44.99 mg', 'EXCESO SODIO', { kcal: 0.4, sodium: 44.99 }, 'beverage', false],
  ])('%s', (_why, seal, amounts, kind, expected) => {
    expect(meets(seal, amounts, kind, PHASE_1)).toBe(expected);
  });
});

describe('phase in force on the label date (transitory provisions; Acuerdo DOF 31 July 2025)', () => {
  it.each([
    ['2020-10-01', 1],
    ['2023-09-30', 1],
    ['2023-10-01', 2],
    ['2027-12-31', 2],
    ['2027-12-31T23:59:59Z', 2],
    ['2028-01-01', 3],
  ])('%s -> phase %i', (date, phase) => {
    expect(mxPhaseOn(date)).toBe(phase);
  });

  it('label_settings.mx_phase overrides the date; anything but 1, 2, 3 is refused', () => {
    expect(mxPhase('2025-06-01', 3)).toBe(3);
    expect(mxPhase('2029-06-01', 1)).toBe(1);
    expect(mxPhase('2025-06-01', null)).toBe(2);
    expect(() => mxPhase('2025-06-01', 4 as never)).toThrow(RangeError);
    expect(() => mxPhaseOn('01/01/2028')).toThrow(RangeError);
  });
});

const ALL_ADDED: MxIngredientFacts = { sugars: true, fats: true, sodium: true, non_caloric_sweetener: false, added_caffeine: false };
const NONE_ADDED: MxIngredientFacts = { sugars: false, fats: false, sodium: false, non_caloric_sweetener: false, added_caffeine: false };

/** The Mexican label of a food given per 100 g, 30 g portions, 10 in the pack; its rows' columns and its warnings. */
function table(per_100g: Record<string, number>, facts: MxIngredientFacts, extra: Partial<Per100gFood> = {}) {
  const label = labelOfPer100g('es-MX', {
    per_100g,
    serving_grams: 30,
    servings_per_package: 10,
    label_date: '2028-01-01',
    facts,
    ...extra,
  });
  return {
    ...label,
    rows: label.nutrients.map((r) => ({ ...r, per_100: r.per_100 as MxColumnValue })),
    front_of_pack: label.front_of_pack as MxFrontOfPackValue,
  };
}

// docs/labeling.md#mexico-worked-examples: the four worked examples (Table 6 thresholds, phase-3 scope).
const BISCUIT = {
  protein: 7,
  fat: 20,
  fat_saturated: 12,
  fat_trans: 0.2,
  carbohydrate: 70,
  fiber: 2,
  sugar: 30,
  added_sugar: 30,
  sodium: 400,
};
const DRINK = {
  protein: 0,
  fat: 0,
  fat_saturated: 0,
  fat_trans: 0,
  carbohydrate: 10.5,
  fiber: 0,
  sugar: 10.5,
  added_sugar: 10.5,
  sodium: 10,
};
const DIET_SODA = { protein: 0, fat: 0, fat_saturated: 0, fat_trans: 0, carbohydrate: 0.1, fiber: 0, sugar: 0, added_sugar: 0, sodium: 50 };
const CRACKERS = {
  protein: 10,
  fat: 20,
  fat_saturated: 2,
  fat_trans: 0,
  carbohydrate: 73,
  fiber: 3,
  sugar: 0,
  added_sugar: 0,
  sodium: 280,
};

describe('worked examples (4.5.3, Table 6)', () => {
  it('1. biscuit, 480 kcal/100 g: CALORÍAS, AZÚCARES, GRASAS SATURADAS, SODIO (400 >= 300); no TRANS (0.375 %)', () => {
    const label = table(BISCUIT, ALL_ADDED);
    expect(label.rows[0]!.per_100.kcal).toBe(480);
    expect(label.front_of_pack).toEqual({
      seals: ['EXCESO CALORÍAS', 'EXCESO AZÚCARES', 'EXCESO GRASAS SATURADAS', 'EXCESO SODIO'],
      legends: [],
      phase: 3,
      undetermined: [],
    });
    // Phase 1: the same four (400 >= 350).
    expect(table(BISCUIT, ALL_ADDED, { label_date: '2021-05-01' }).front_of_pack.seals).toEqual([
      'EXCESO CALORÍAS',
      'EXCESO AZÚCARES',
      'EXCESO GRASAS SATURADAS',
      'EXCESO SODIO',
    ]);
  });

  it('2. sweetened drink, 42 kcal/100 mL all from sugars: CALORÍAS (>= 8 kcal from free sugars) and AZÚCARES; phase 1 likewise (>= 10)', () => {
    const settings = { food_kind: 'beverage' as const };
    const facts = { ...NONE_ADDED, sugars: true };
    const label = table(DRINK, facts, { density: 1, settings });
    expect(label.basis).toBe('100mL');
    expect(label.rows[0]!.per_100.kcal).toBe(42);
    expect(label.front_of_pack.seals).toEqual(['EXCESO CALORÍAS', 'EXCESO AZÚCARES']);
    expect(table(DRINK, facts, { density: 1, settings, label_date: '2022-01-01' }).front_of_pack.seals).toEqual([
      'EXCESO CALORÍAS',
      'EXCESO AZÚCARES',
    ]);
  });

  it('3. diet soda, 0.4 kcal and 50 mg sodium/100 mL, sucralose: SODIO (calorie-free beverage, 50 >= 45) and the sweetener legend', () => {
    const facts = { ...NONE_ADDED, sodium: true, non_caloric_sweetener: true };
    const label = table(DIET_SODA, facts, { density: 1, settings: { food_kind: 'beverage' } });
    expect(label.front_of_pack.seals).toEqual(['EXCESO SODIO']);
    expect(label.front_of_pack.legends).toEqual(['CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS']);
    expect(label.rows[0]!.per_100.display).toBe('0 kcal (0 kJ)'); // under 5 kcal declared 0
  });

  it('4. salted crackers, 500 kcal and 280 mg sodium/100 g: 0.56 mg/kcal and < 300 mg: no SODIO; CALORÍAS', () => {
    const label = table(CRACKERS, { ...NONE_ADDED, fats: true, sodium: true });
    expect(label.rows[0]!.per_100.kcal).toBe(500);
    expect(label.front_of_pack.seals).toEqual(['EXCESO CALORÍAS']);
  });
});

describe('4.5.3: seals only for products with added sugars, fats or sodium', () => {
  it('nothing added: no seal, whatever the amounts', () => {
    expect(table(BISCUIT, NONE_ADDED).front_of_pack.seals).toEqual([]);
  });

  it('phases 1-2 evaluate only the seals linked to what was added; phase 3 all five', () => {
    const fatsOnly = { ...NONE_ADDED, fats: true };
    expect(table(BISCUIT, fatsOnly, { label_date: '2025-06-01' }).front_of_pack).toMatchObject({
      seals: ['EXCESO CALORÍAS', 'EXCESO GRASAS SATURADAS'],
      phase: 2,
    });
    expect(table(BISCUIT, { ...NONE_ADDED, sodium: true }, { label_date: '2025-06-01' }).front_of_pack.seals).toEqual(['EXCESO SODIO']);
    expect(table(BISCUIT, { ...NONE_ADDED, sugars: true }, { label_date: '2025-06-01' }).front_of_pack.seals).toEqual([
      'EXCESO CALORÍAS',
      'EXCESO AZÚCARES',
    ]);
    expect(table(BISCUIT, fatsOnly, { label_date: '2028-01-01' }).front_of_pack.seals).toEqual([
      'EXCESO CALORÍAS',
      'EXCESO AZÚCARES',
      'EXCESO GRASAS SATURADAS',
      'EXCESO SODIO',
    ]);
  });

  it('mx_phase overrides the date', () => {
    const fatsOnly = { ...NONE_ADDED, fats: true };
    const label = table(BISCUIT, fatsOnly, { label_date: '2025-06-01', settings: { mx_phase: 3 } });
    expect(label.front_of_pack.phase).toBe(3);
    expect(label.front_of_pack.seals).toHaveLength(4);
  });

  it('an unknown "added" fact leaves the seals it would bring undetermined, never silently off', () => {
    const label = table(BISCUIT, { ...NONE_ADDED, sugars: null }, { label_date: '2025-06-01' });
    expect(label.front_of_pack.seals).toEqual([]);
    expect(label.front_of_pack.undetermined).toEqual(['EXCESO CALORÍAS', 'EXCESO AZÚCARES']);
  });
});

describe('7.1.3-7.1.4: legends depend on presence alone', () => {
  it.each([
    [{ non_caloric_sweetener: true }, [LEGEND_SWEETENERS]],
    [{ added_caffeine: true }, [LEGEND_CAFFEINE]],
    [{ non_caloric_sweetener: true, added_caffeine: true }, [LEGEND_SWEETENERS, LEGEND_CAFFEINE]],
    [{}, []],
  ])('%j -> %j, with nothing added', (flags, legends) => {
    expect(table(CRACKERS, { ...NONE_ADDED, ...flags }).front_of_pack.legends).toEqual(legends);
  });
  it('the legends as the NOM words them', () => {
    expect(LEGEND_SWEETENERS).toBe('CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS');
    expect(LEGEND_CAFFEINE).toBe('CONTIENE CAFEÍNA - EVITAR EN NIÑOS');
  });
});

describe('ingredientAdditions: the recipe facts from ingredient fields', () => {
  it('added_sugar above zero adds sugars; unknown added_sugar with none above zero is unknown', () => {
    expect(mxIngredientFacts([{ added_sugar: 0 }, { added_sugar: 0.1 }]).sugars).toBe(true);
    expect(mxIngredientFacts([{ added_sugar: 0 }, { added_sugar: 0 }]).sugars).toBe(false);
    expect(mxIngredientFacts([{ added_sugar: 0 }, { added_sugar: null }]).sugars).toBeNull();
    expect(
      mxIngredientFacts([
        { added_sugar: 0, adds_fat: true },
        { added_sugar: 0, added_caffeine: true },
      ]),
    ).toEqual({
      sugars: false,
      fats: true,
      sodium: false,
      non_caloric_sweetener: false,
      added_caffeine: true,
    });
  });
});

describe('docs/api.md#trust-and-completeness: a seal never rests on an unknown amount', () => {
  it('unknown sodium leaves SODIO undetermined and the label incomplete; the other seals stand', () => {
    const { sodium: _sodium, ...rest } = BISCUIT;
    const label = table(rest, ALL_ADDED);
    expect(label.front_of_pack.seals).toEqual(['EXCESO CALORÍAS', 'EXCESO AZÚCARES', 'EXCESO GRASAS SATURADAS']);
    expect(label.front_of_pack.undetermined).toEqual(['EXCESO SODIO']);
    expect(label.rows.find((r) => r.key === 'sodium')!.per_100.display).toBe('desconocido');
    expect(label.complete).toBe(false);
  });
});
