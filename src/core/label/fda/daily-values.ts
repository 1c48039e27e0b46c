// FDA Daily Values (2016 final rule, 81 FR 33742) and the %DV rounding of 21 CFR 101.9.
// DRVs: 101.9(c)(9); RDIs: 101.9(c)(8)(iv). Adults & children >= 4 and children 1-3 (docs/labeling.md#us-daily-values).
// Infant and pregnant/lactating columns are not implemented: their values were not verified (docs/labeling.md#decisions #15).
import { type Decimal, dec, roundToStepDecimal, type Numeric } from '../shared/decimal-round.js';
import { findBand, upTo, above, step, type Band } from '../shared/bands.js';
import { formatPercent } from '../shared/number-format.js';

export type DvPopulation = 'adult' | 'children_1_3';
export type PercentDvBasis = 'declared' | 'unrounded';

/** Nutrients with a Daily Reference Value, whose %DV rounds to the nearest 1 % (101.9(d)(7)(ii)). */
export const FDA_DRV: Record<DvPopulation, Readonly<Record<string, number>>> & { adult: { fiber: number } } = {
  // 101.9(c)(9), adults and children >= 4 years.
  adult: {
    fat: 78, // g
    fat_saturated: 20, // g
    cholesterol: 300, // mg
    sodium: 2300, // mg
    carbohydrate: 275, // g
    fiber: 28, // g
    added_sugar: 50, // g
    protein: 50, // g
  },
  // 101.9(c)(9), children 1 through 3 years.
  children_1_3: {
    fat: 39,
    fat_saturated: 10,
    cholesterol: 300,
    sodium: 1500,
    carbohydrate: 150,
    fiber: 14,
    added_sugar: 25,
    protein: 13,
  },
};

/** Reference Daily Intakes of vitamins and minerals, 101.9(c)(8)(iv), in the label's units. */
export const FDA_RDI: Record<DvPopulation, Readonly<Record<string, number>>> = {
  adult: {
    vitamin_d: 20, // mcg
    calcium: 1300, // mg
    iron: 18, // mg
    potassium: 4700, // mg
    vitamin_a: 900, // mcg RAE
    vitamin_c: 90, // mg
    vitamin_e: 15, // mg alpha-tocopherol
    vitamin_k: 120, // mcg
    thiamin: 1.2, // mg
    riboflavin: 1.3, // mg
    niacin: 16, // mg NE
    vitamin_b6: 1.7, // mg
    folate: 400, // mcg DFE
    vitamin_b12: 2.4, // mcg
    biotin: 30, // mcg
    pantothenic_acid: 5, // mg
    choline: 550, // mg
    phosphorus: 1250, // mg
    iodine: 150, // mcg
    magnesium: 420, // mg
    zinc: 11, // mg
    selenium: 55, // mcg
    copper: 0.9, // mg
    manganese: 2.3, // mg
    chromium: 35, // mcg
    molybdenum: 45, // mcg
    chloride: 2300, // mg
  },
  // Only the four mandatory minerals/vitamins of the children 1-3 column were verified (docs/labeling.md#us-daily-values);
  // other vitamins get no %DV for this population rather than a recalled number.
  children_1_3: {
    vitamin_d: 15, // mcg
    calcium: 700, // mg
    iron: 7, // mg
    potassium: 3000, // mg
  },
};

export function isDrvNutrient(key: string): boolean {
  return key in FDA_DRV.adult;
}

export function isRdiNutrient(key: string): boolean {
  return key in FDA_RDI.adult;
}

export function fdaDailyValue(key: string, population: DvPopulation): number | undefined {
  return FDA_DRV[population][key] ?? FDA_RDI[population][key];
}

// 101.9(c)(8)(iii): vitamin/mineral %DV "to the nearest 2-percent increment up to and including the
// 10-percent level, the nearest 5-percent increment above 10 percent and up to and including the
// 50-percent level, and the nearest 10-percent increment above the 50-percent level".
// The band is chosen on the unrounded percentage.
const VITAMIN_MINERAL_PERCENT_BANDS: readonly Band[] = [upTo('10', step('2')), upTo('50', step('5')), above(step('10'))];

/** Percent of a daily value, unrounded. */
export function rawPercent(amount: Numeric, dailyValue: number): Decimal {
  return dec(amount).div(dec(dailyValue)).mul(100);
}

/** Round a %DV the FDA way: DRV nutrients to the nearest 1 % (101.9(d)(7)(ii)), vitamins and minerals
 * by the 2/5/10 % bands of 101.9(c)(8)(iii). */
export function roundFdaPercent(key: string, percent: Numeric): number {
  const p = dec(percent);
  if (isRdiNutrient(key)) {
    const band = findBand(p, VITAMIN_MINERAL_PERCENT_BANDS);
    if (band.rule.kind !== 'step') throw new Error('unreachable');
    return roundToStepDecimal(p, band.rule.step).toNumber();
  }
  return roundToStepDecimal(p, 1).toNumber();
}

export interface PercentDv {
  value: number;
  display: string;
}

/** The %DV printed for `amount` (already chosen by basis), or null when the nutrient has no DV for the population. */
export function fdaPercentDv(key: string, amount: Numeric, population: DvPopulation): PercentDv | null {
  const dv = fdaDailyValue(key, population);
  if (dv === undefined) return null;
  const value = roundFdaPercent(key, rawPercent(amount, dv));
  return { value, display: formatPercent(value, 'us') };
}

/** Which amount a %DV is computed from. 101.9(d)(7)(ii) allows the declared or the actual amount;
 * the default is the declared one (it reproduces the 101.9(d)(12) sample, docs/labeling.md#decisions #1-2).
 * A "less than 1g"/"less than 5mg" declaration has no number to divide, so its %DV comes from the
 * unrounded amount (docs/labeling.md#decisions #5). */
export function percentDvBasisAmount(declared: Decimal, unrounded: Decimal, lessThan: boolean, basis: PercentDvBasis): Decimal {
  if (lessThan) return unrounded;
  return basis === 'declared' ? declared : unrounded;
}

// 101.9(d)(9): the footnote; foods for children 1-3 use 1,000 calories.
export function fdaFootnote(population: DvPopulation): string {
  const calories = population === 'children_1_3' ? '1,000' : '2,000';
  return `*The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. ${calories} calories a day is used for general nutrition advice.`;
}
