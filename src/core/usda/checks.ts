// Plausibility checks on one imported food's values (per 100 g). A food with nothing usable is
// skipped; values that contradict each other are kept but flagged for a person to look at.
import { Decimal } from 'decimal.js';
import type { NutrientValues } from '../nutrients.js';

export const MACRONUTRIENT_KEYS = [
  'protein',
  'fat',
  'fat_saturated',
  'fat_trans',
  'fat_monounsaturated',
  'fat_polyunsaturated',
  'carbohydrate',
  'fiber',
  'sugar',
  'added_sugar',
  'sugar_alcohol',
  'water',
  'ash',
] as const;

/** Component -> the total it is part of (a component cannot exceed its parent). */
export const COMPONENT_PARENTS: ReadonlyArray<readonly [string, string]> = [
  ['sugar', 'carbohydrate'],
  ['added_sugar', 'sugar'],
  ['fiber', 'carbohydrate'],
  ['fat_saturated', 'fat'],
  ['fat_trans', 'fat'],
  ['fat_monounsaturated', 'fat'],
  ['fat_polyunsaturated', 'fat'],
];

// docs/labeling.md#united-states (21 CFR 101.9(c)(1)(i)(B)): general factors 4 kcal/g protein and carbohydrate, 9 kcal/g fat.
export const ATWATER_GENERAL = { protein: 4, carbohydrate: 4, fat: 9 } as const;

// Specific Atwater factors (what USDA uses) and fibre or polyol-rich foods legitimately differ from
// 4/4/9 by up to ~20 %; beyond that, or beyond 20 kcal for near-zero foods, the values likely disagree.
export const ENERGY_BAND_RATIO = 0.2;
export const ENERGY_BAND_KCAL = 20;

export type CheckResult = { skip: string } | { skip: null; flags: string[] };

const fmt = (n: number) => new Decimal(n).toDecimalPlaces(2).toString();

/** 4/4/9 energy from protein, fat and carbohydrate; undefined unless all three are known. */
export function atwaterGeneral(n: NutrientValues): number | undefined {
  if (n.protein === undefined || n.fat === undefined || n.carbohydrate === undefined) return undefined;
  return new Decimal(n.protein)
    .times(ATWATER_GENERAL.protein)
    .plus(new Decimal(n.carbohydrate).times(ATWATER_GENERAL.carbohydrate))
    .plus(new Decimal(n.fat).times(ATWATER_GENERAL.fat))
    .toNumber();
}

export function checkFood(n: NutrientValues): CheckResult {
  const hasMacro = n.protein !== undefined || n.fat !== undefined || n.carbohydrate !== undefined;
  if (n.calories === undefined && !hasMacro) return { skip: 'no energy and no protein, fat or carbohydrate values' };
  const over = MACRONUTRIENT_KEYS.flatMap((k) => {
    const grams = n[k];
    return grams !== undefined && grams > 100 ? [`${k} ${fmt(grams)} g`] : [];
  });
  if (over.length > 0) return { skip: `more than 100 g per 100 g: ${over.join(', ')}` };
  const flags: string[] = [];
  for (const [part, whole] of COMPONENT_PARENTS) {
    const p = n[part];
    const w = n[whole];
    if (p !== undefined && w !== undefined && p > w) flags.push(`${part} ${fmt(p)} g above ${whole} ${fmt(w)} g`);
  }
  const expected = atwaterGeneral(n);
  if (n.calories !== undefined && expected !== undefined) {
    const diff = Math.abs(n.calories - expected);
    if (diff > ENERGY_BAND_KCAL && diff > expected * ENERGY_BAND_RATIO) {
      flags.push(`energy ${fmt(n.calories)} kcal is outside 4/4/9's ${fmt(expected)} kcal ± ${ENERGY_BAND_RATIO * 100} %`);
    }
  }
  return { skip: null, flags };
}
