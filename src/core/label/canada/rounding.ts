// Declared amounts on Canadian Nutrition Facts tables: FDR (C.R.C., c. 870) table to B.01.401,
// column 4 (items 1-15), and table to B.01.402 (additional information). docs/labeling.md#canada-core-table, docs/labeling.md#canada-additional-information.
// Several "0" declarations are only allowed when the food meets the "free of" conditions
// (canada-free-of.ts); otherwise small amounts print to the 0.1 step. Canada never prints "less than".
import { Decimal, dec, roundToStepDecimal, type Numeric } from '../shared/decimal-round.js';
import { applyBands, above, below, upTo, zero, step, type Band, type BandRule } from '../shared/bands.js';
import { formatAmount, type NumberStyle } from '../shared/number-format.js';
import { labelNutrient } from '../shared/label-nutrients.js';

/** The "0" rule of a small-amount band: zero when the "free of" condition is met, else the given step. */
const zeroIf = (free: boolean, otherwise: string): BandRule => (free ? zero : step(otherwise));

// B.01.401 item 2: energy < 5 Cal -> 0 if "free of energy", else nearest 1 Cal; 5 to 50 -> nearest 5;
// > 50 -> nearest 10.
export const caCalorieBands = (freeOfEnergy: boolean): Band[] => [
  below('5', zeroIf(freeOfEnergy, '1')),
  upTo('50', step('5')),
  above(step('10')),
];

// B.01.401 items 3 (fat), 4 (saturated), 5 (trans): < 0.5 g -> 0 when allowed (see the callers),
// else nearest 0.1 g; 0.5 to 5 g -> nearest 0.5 g; > 5 g -> nearest 1 g.
export const caFatBands = (zeroAllowed: boolean): Band[] => [
  below('0.5', zeroIf(zeroAllowed, '0.1')),
  upTo('5', step('0.5')),
  above(step('1')),
];

// B.01.401 item 7: cholesterol 0 mg if "free of cholesterol", else nearest 5 mg.
export const caCholesterolBands = (freeOfCholesterol: boolean): Band[] => [above(freeOfCholesterol ? zero : step('5'))];

// B.01.401 item 8: sodium < 5 mg -> 0 if "free of sodium or salt", else nearest 1 mg; 5 to 140 mg ->
// nearest 5 mg; > 140 mg -> nearest 10 mg.
export const caSodiumBands = (freeOfSodium: boolean): Band[] => [
  below('5', zeroIf(freeOfSodium, '1')),
  upTo('140', step('5')),
  above(step('10')),
];

// B.01.401 items 9 (carbohydrate), 10 (fibre), 11 (sugars); B.01.402 soluble/insoluble fibre, sugar
// alcohols, starch: < 0.5 g -> 0; otherwise nearest 1 g.
export const CA_GRAM_BANDS: readonly Band[] = [below('0.5', zero), above(step('1'))];

// B.01.401 item 12: protein < 0.5 g -> nearest 0.1 g; otherwise nearest 1 g.
export const CA_PROTEIN_BANDS: readonly Band[] = [below('0.5', step('0.1')), above(step('1'))];

// B.01.401 items 13 (potassium), 14 (calcium); B.01.402 phosphorus, chloride: < 5 mg -> 0;
// 5 to < 50 mg -> nearest 10 mg; 50 to < 250 mg -> nearest 25 mg; >= 250 mg -> nearest 50 mg.
export const CA_POTASSIUM_BANDS: readonly Band[] = [below('5', zero), below('50', step('10')), below('250', step('25')), above(step('50'))];

// B.01.401 item 15 (iron); B.01.402 vitamin E, niacin, zinc (mg), vitamin K, biotin, chromium,
// molybdenum (mcg): < 0.05 -> 0; 0.05 to < 0.5 -> nearest 0.1; 0.5 to < 2.5 -> nearest 0.25;
// >= 2.5 -> nearest 0.5.
export const CA_IRON_BANDS: readonly Band[] = [
  below('0.05', zero),
  below('0.5', step('0.1')),
  below('2.5', step('0.25')),
  above(step('0.5')),
];

// B.01.402 polyunsaturated, omega-6, omega-3, monounsaturated fatty acids: < 1 g -> nearest 0.1 g;
// 1 to 5 g -> nearest 0.5 g; > 5 g -> nearest 1 g.
export const CA_FATTY_ACID_BANDS: readonly Band[] = [below('1', step('0.1')), upTo('5', step('0.5')), above(step('1'))];

// B.01.402 vitamin A (mcg RAE): < 5 -> 0; 5 to < 50 -> nearest 10; 50 to < 250 -> nearest 50; >= 250 -> nearest 100.
export const CA_VITAMIN_A_BANDS: readonly Band[] = [
  below('5', zero),
  below('50', step('10')),
  below('250', step('50')),
  above(step('100')),
];

// B.01.402 vitamin C (mg), vitamin D (mcg), selenium (mcg): < 0.1 -> 0; 0.1 to < 1 -> nearest 0.2;
// 1 to < 5 -> nearest 0.5; >= 5 -> nearest 1.
export const CA_VITAMIN_C_BANDS: readonly Band[] = [below('0.1', zero), below('1', step('0.2')), below('5', step('0.5')), above(step('1'))];

// B.01.402 thiamine, riboflavin, vitamin B6, manganese (mg), vitamin B12 (mcg): < 0.005 -> 0;
// 0.005 to < 0.05 -> nearest 0.01; 0.05 to < 0.25 -> nearest 0.025; >= 0.25 -> nearest 0.05.
export const CA_THIAMINE_BANDS: readonly Band[] = [
  below('0.005', zero),
  below('0.05', step('0.01')),
  below('0.25', step('0.025')),
  above(step('0.05')),
];

// B.01.402 folate (mcg DFE), iodide (mcg), magnesium, choline (mg): < 1 -> 0; 1 to < 10 -> nearest 2;
// 10 to < 50 -> nearest 5; >= 50 -> nearest 10.
export const CA_FOLATE_BANDS: readonly Band[] = [below('1', zero), below('10', step('2')), below('50', step('5')), above(step('10'))];

// B.01.402 pantothenic acid (mg): < 0.01 -> 0; 0.01 to < 0.1 -> nearest 0.02; 0.1 to < 0.5 -> nearest
// 0.05; >= 0.5 -> nearest 0.1.
export const CA_PANTOTHENIC_BANDS: readonly Band[] = [
  below('0.01', zero),
  below('0.1', step('0.02')),
  below('0.5', step('0.05')),
  above(step('0.1')),
];

// B.01.402 copper (mg): < 0.0015 -> 0; to < 0.025 -> nearest 0.002; to < 0.05 -> nearest 0.005;
// >= 0.05 -> nearest 0.01.
export const CA_COPPER_BANDS: readonly Band[] = [
  below('0.0015', zero),
  below('0.025', step('0.002')),
  below('0.05', step('0.005')),
  above(step('0.01')),
];

const FIXED_BANDS: Readonly<Record<string, readonly Band[]>> = {
  carbohydrate: CA_GRAM_BANDS,
  fiber: CA_GRAM_BANDS,
  sugar: CA_GRAM_BANDS,
  sugar_alcohol: CA_GRAM_BANDS,
  protein: CA_PROTEIN_BANDS,
  potassium: CA_POTASSIUM_BANDS,
  calcium: CA_POTASSIUM_BANDS,
  phosphorus: CA_POTASSIUM_BANDS,
  chloride: CA_POTASSIUM_BANDS,
  iron: CA_IRON_BANDS,
  vitamin_e: CA_IRON_BANDS,
  niacin: CA_IRON_BANDS,
  zinc: CA_IRON_BANDS,
  vitamin_k: CA_IRON_BANDS,
  biotin: CA_IRON_BANDS,
  chromium: CA_IRON_BANDS,
  molybdenum: CA_IRON_BANDS,
  fat_polyunsaturated: CA_FATTY_ACID_BANDS,
  omega_6: CA_FATTY_ACID_BANDS,
  omega_3: CA_FATTY_ACID_BANDS,
  fat_monounsaturated: CA_FATTY_ACID_BANDS,
  vitamin_a: CA_VITAMIN_A_BANDS,
  vitamin_c: CA_VITAMIN_C_BANDS,
  vitamin_d: CA_VITAMIN_C_BANDS,
  selenium: CA_VITAMIN_C_BANDS,
  thiamin: CA_THIAMINE_BANDS,
  riboflavin: CA_THIAMINE_BANDS,
  vitamin_b6: CA_THIAMINE_BANDS,
  manganese: CA_THIAMINE_BANDS,
  vitamin_b12: CA_THIAMINE_BANDS,
  folate: CA_FOLATE_BANDS,
  iodine: CA_FOLATE_BANDS,
  magnesium: CA_FOLATE_BANDS,
  choline: CA_FOLATE_BANDS,
  pantothenic_acid: CA_PANTOTHENIC_BANDS,
  copper: CA_COPPER_BANDS,
};

/** Bands of a nutrient whose rounding does not depend on a "free of" condition. */
export function caFixedBands(key: string): readonly Band[] | undefined {
  return FIXED_BANDS[key];
}

export function hasCanadaRounding(key: string): boolean {
  return key in FIXED_BANDS || ['calories', 'fat', 'fat_saturated', 'fat_trans', 'cholesterol', 'sodium'].includes(key);
}

export interface CaDeclared {
  amount: number;
  display: string;
  declared: Decimal;
  unrounded: Decimal;
}

/** Round with the given bands and print in the table's language ("0.5 g" / "0,5 g"). */
export function roundCanadaWith(key: string, value: Numeric, bands: readonly Band[], style: NumberStyle): CaDeclared {
  const unrounded = Decimal.max(dec(value), 0);
  const { declared } = applyBands(unrounded, bands);
  return {
    amount: declared.toNumber(),
    // Canadian tables write micrograms as "µg" (FDR tables to B.01.401/B.01.402); FDA labels write "mcg".
    display: formatAmount(declared, labelNutrient(key).unit === 'mcg' ? 'µg' : labelNutrient(key).unit, style),
    declared,
    unrounded,
  };
}

/** B.01.402 item 1 (servings per container): < 2 -> nearest 1; 2 to 5 -> nearest 0.5; > 5 -> nearest 1. */
export function caServingsPerContainer(value: Numeric): Decimal {
  const v = dec(value);
  if (v.lt(2)) return roundToStepDecimal(v, 1);
  if (v.lte(5)) return roundToStepDecimal(v, '0.5');
  return roundToStepDecimal(v, 1);
}

/** B.01.401 item 1 (serving of stated size, metric): < 10 g or mL -> nearest 0.1; >= 10 -> nearest 1. */
export function caMetricServing(value: Numeric): Decimal {
  const v = dec(value);
  return roundToStepDecimal(v, v.lt(10) ? '0.1' : '1');
}
