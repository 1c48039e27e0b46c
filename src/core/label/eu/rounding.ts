// Declared values on EU/UK labels: the rounding table of the European Commission's guidance on
// tolerances for nutrient values (December 2012, its rounding table), applied to the UNROUNDED amount
// with ties half up in decimal arithmetic. The guidance allows "0 g" or "<x g" for amounts at or below
// its lowest band; we print "<x g" for a present amount (so "0 g fat" never sits above "0.2 g
// saturates") and "0 g" only for an amount that is exactly zero. The step's decimals are printed
// ("10.0 g", "0.60 g"): the band chosen on the unrounded 9.96 g is the one-decimal band.
import { must } from '../../../lib/must.js';
import { above, applyBands, below, lessThan, step, upTo, type Band } from '../shared/bands.js';
import { Decimal, dec, roundDecimals, type Numeric } from '../shared/decimal-round.js';

// Fat, carbohydrate, sugars, protein, fibre, polyols, starch: >= 10 g whole gram; > 0.5 g one decimal;
// otherwise "<0.5 g".
export const EU_GRAM_BANDS: readonly Band[] = [upTo('0.5', lessThan('0.5')), below('10', step('0.1')), above(step('1'))];
// Saturates, mono-unsaturates, polyunsaturates: >= 10 g whole; > 0.1 g one decimal; otherwise "<0.1 g".
export const EU_FATTY_ACID_BANDS: readonly Band[] = [upTo('0.1', lessThan('0.1')), below('10', step('0.1')), above(step('1'))];
// Salt: >= 1 g one decimal; > 0.0125 g two decimals; otherwise "<0.01 g".
export const EU_SALT_BANDS: readonly Band[] = [upTo('0.0125', lessThan('0.01')), below('1', step('0.01')), above(step('0.1'))];
// Energy: whole kJ and whole kcal.
export const EU_ENERGY_BANDS: readonly Band[] = [above(step('1'))];

// Vitamins and minerals: 3 significant figures for these, 2 for all the others.
const THREE_FIGURES: ReadonlySet<string> = new Set([
  'vitamin_a',
  'folate',
  'chloride',
  'calcium',
  'phosphorus',
  'magnesium',
  'iodine',
  'potassium',
]);

const FATTY_ACIDS: ReadonlySet<string> = new Set(['fat_saturated', 'fat_monounsaturated', 'fat_polyunsaturated']);

/** The nutrients Annex XV rounds by a table of its own (energy, the macronutrients, salt). */
export type EuBandedKey =
  | 'energy'
  | 'salt'
  | 'fat_saturated'
  | 'fat_monounsaturated'
  | 'fat_polyunsaturated'
  | 'fat'
  | 'carbohydrate'
  | 'sugar'
  | 'protein'
  | 'fiber'
  | 'sugar_alcohol'
  | 'starch';

export function euBandsFor(key: EuBandedKey): readonly Band[];
export function euBandsFor(key: string): readonly Band[] | null;
export function euBandsFor(key: string): readonly Band[] | null {
  if (key === 'energy') return EU_ENERGY_BANDS;
  if (key === 'salt') return EU_SALT_BANDS;
  if (FATTY_ACIDS.has(key)) return EU_FATTY_ACID_BANDS;
  if (['fat', 'carbohydrate', 'sugar', 'protein', 'fiber', 'sugar_alcohol', 'starch'].includes(key)) return EU_GRAM_BANDS;
  return null;
}

export function significantFiguresFor(key: string): 2 | 3 {
  return THREE_FIGURES.has(key) ? 3 : 2;
}

export interface EuDeclared {
  /** The declared number; for "<x" forms the unrounded amount to 2 decimals (docs/api.md#label-data). */
  amount: number;
  /** The number as printed, before the unit: "10.0", "<0.5", "0,60". */
  text: string;
  lessThan: boolean;
}

/** Digits after the point that a step prints ("0.01" -> 2, "1" -> 0). */
const decimalsOf = (stepText: string): number => {
  const point = stepText.indexOf('.');
  return point < 0 ? 0 : stepText.length - point - 1;
};

/** Fixed decimals, a decimal comma where the language writes one, a thin grouping space from five digits (SI style). */
export function euNumber(value: Numeric, decimals: number, comma: boolean): string {
  const text = dec(value).toFixed(decimals);
  const [intPart, frac] = text.split('.') as [string, string | undefined];
  const grouped = intPart.length >= 5 ? intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : intPart;
  return frac === undefined ? grouped : `${grouped}${comma ? ',' : '.'}${frac}`;
}

/** A table-rounded nutrient: exactly zero prints "0"; otherwise its band's step or "<x". */
export function roundEu(value: Numeric, bands: readonly Band[], comma: boolean): EuDeclared {
  const v = Decimal.max(dec(value), 0);
  if (v.isZero()) return { amount: 0, text: '0', lessThan: false };
  const result = applyBands(v, bands);
  if (result.lessThan) {
    const limit = result.declared;
    return { amount: roundDecimals(v, 2), text: `<${euNumber(limit, decimalsOf(limit.toFixed()), comma)}`, lessThan: true };
  }
  // The band's step decides the printed decimals (the band is found on the unrounded value).
  const band = must(
    bands.find((b) => b.max === null || (b.inclusive ? v.lte(b.max) : v.lt(b.max))),
    'a band for the value (every band list ends with an open one)',
  );
  const stepText = band.rule.kind === 'step' ? band.rule.step : '1';
  return { amount: result.declared.toNumber(), text: euNumber(result.declared, decimalsOf(stepText), comma), lessThan: false };
}

/** Vitamins and minerals: significant figures, half up; 1234 -> "1230", 6 at 2 figures -> "6.0". */
export function roundSignificant(value: Numeric, figures: number, comma: boolean): EuDeclared {
  const v = Decimal.max(dec(value), 0);
  if (v.isZero()) return { amount: 0, text: '0', lessThan: false };
  const rounded = v.toSignificantDigits(figures, Decimal.ROUND_HALF_UP);
  // Exponent of the leading digit after rounding (9.96 at 2 figures is 10, exponent 1).
  const decimals = Math.max(0, figures - 1 - rounded.e);
  return { amount: rounded.toNumber(), text: euNumber(rounded, decimals, comma), lessThan: false };
}
