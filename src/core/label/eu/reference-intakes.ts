// Annex XIII of Regulation (EU) 1169/2011: reference intakes of energy and selected nutrients (Part B),
// nutrient reference values of vitamins and minerals (Part A point 1), and the "significant amount"
// that allows a vitamin or mineral onto the declaration (Part A point 2). Percentages follow the
// engine's convention (the regulation sets no rounding for them): from the unrounded amount, whole
// percent half up, "<1%" for an amount above zero that rounds to 0 %.
import { Decimal, dec, type Numeric } from '../shared/decimal-round.js';

const PART_B = {
  energy_kj: '8400',
  energy: '2000',
  fat: '70',
  fat_saturated: '20',
  carbohydrate: '260',
  sugar: '90',
  protein: '50',
  salt: '6',
} as const;

/**
 * Part B: energy 8 400 kJ / 2 000 kcal and the nutrients, grams. No RI exists for fibre, polyols, starch or MUFA/PUFA.
 * Typed with its keys, so `.energy` is known present while a lookup by any other name may find nothing.
 */
export const EU_REFERENCE_INTAKES: typeof PART_B & Readonly<Record<string, string>> = PART_B;

/** Part A point 1, in the unit of our label rows (µg as mcg). Fluoride (3.5 mg) has no field of ours. */
export const EU_NRV: Readonly<Record<string, string>> = {
  vitamin_a: '800',
  vitamin_d: '5',
  vitamin_e: '12',
  vitamin_k: '75',
  vitamin_c: '80',
  thiamin: '1.1',
  riboflavin: '1.4',
  niacin: '16',
  vitamin_b6: '1.4',
  folate: '200',
  vitamin_b12: '2.5',
  biotin: '50',
  pantothenic_acid: '6',
  potassium: '2000',
  chloride: '800',
  calcium: '800',
  phosphorus: '700',
  magnesium: '375',
  iron: '14',
  zinc: '10',
  copper: '1',
  manganese: '2',
  selenium: '55',
  chromium: '40',
  molybdenum: '50',
  iodine: '150',
};

export interface PercentRi {
  value: number;
  display: string;
}

/** %RI or %NRV of an unrounded amount (energy: kcal against 2 000 kcal, the engine's default basis). */
export function percentOfReference(amount: Numeric, reference: string): PercentRi {
  const percent = dec(amount).div(reference).mul(100);
  const whole = percent.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  if (whole.isZero() && percent.gt(0)) return { value: 0, display: '<1%' };
  return { value: whole.toNumber(), display: `${whole.toFixed(0)}%` };
}

/** Part A point 2: the share of the NRV a vitamin or mineral must reach to be declared. */
export type SignificanceBasis = 'per_100g' | 'per_100ml_beverage' | 'per_100ml_liquid';

const SIGNIFICANT_SHARE: Readonly<Record<SignificanceBasis, string>> = {
  // 15 % of the NRV per 100 g or 100 ml for products other than beverages (a liquid that is not a
  // beverage, such as a soup, is "other than beverages").
  per_100g: '0.15',
  per_100ml_liquid: '0.15',
  // 7.5 % of the NRV per 100 ml for beverages.
  per_100ml_beverage: '0.075',
};

/**
 * Whether a vitamin or mineral is present in a significant amount: at least the share of the NRV per
 * 100 g/100 mL, or, in a pack holding a single portion, at least 15 % of the NRV per portion. Tested on
 * the unrounded amounts, "at least" (engine conventions; the annex says the values "should be taken
 * into consideration").
 */
export function isSignificant(
  key: string,
  per100: Numeric,
  basis: SignificanceBasis,
  singlePortion: { perPortion: Numeric } | null,
): boolean {
  const nrv = EU_NRV[key];
  if (nrv === undefined) return false;
  if (dec(per100).gte(dec(nrv).mul(SIGNIFICANT_SHARE[basis]))) return true;
  return singlePortion !== null && dec(singlePortion.perPortion).gte(dec(nrv).mul('0.15'));
}
