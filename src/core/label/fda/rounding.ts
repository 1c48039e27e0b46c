// Declared amounts on FDA labels: 21 CFR 101.9(c)(1)-(c)(8) and FDA's Dec 2019 guidance for the
// quantitative amounts of vitamins and minerals. The band is chosen on the unrounded amount; ties
// round half-up (docs/labeling.md#us-declared-amounts). Where the rule says "may", we print the Appendix H wording
// ("0", "less than 1g", "less than 5mg"), docs/labeling.md#decisions #4.
import { Decimal, dec, roundDecimals, type Numeric } from '../shared/decimal-round.js';
import { applyBands, above, below, upTo, zero, step, lessThan, type Band } from '../shared/bands.js';
import { formatAmount, formatNumber } from '../shared/number-format.js';
import { FDA_RDI } from './daily-values.js';
import { labelNutrient } from '../shared/label-nutrients.js';

// 101.9(c)(1): calories < 5 -> 0; <= 50 -> nearest 5; > 50 -> nearest 10.
export const FDA_CALORIE_BANDS: readonly Band[] = [below('5', zero), upTo('50', step('5')), above(step('10'))];

// 101.9(c)(2) total fat, (c)(2)(i) saturated, (c)(2)(ii) trans, (c)(2)(iii) polyunsaturated,
// (c)(2)(iv) monounsaturated: < 0.5 g -> 0; < 5 g -> nearest 0.5 g; >= 5 g -> nearest 1 g.
export const FDA_FAT_BANDS: readonly Band[] = [below('0.5', zero), below('5', step('0.5')), above(step('1'))];

// 101.9(c)(3): cholesterol < 2 mg -> 0; 2 to 5 mg -> "less than 5 mg"; > 5 mg -> nearest 5 mg.
export const FDA_CHOLESTEROL_BANDS: readonly Band[] = [below('2', zero), upTo('5', lessThan('5')), above(step('5'))];

// 101.9(c)(4): sodium < 5 mg -> 0; 5 to 140 mg -> nearest 5 mg; > 140 mg -> nearest 10 mg.
export const FDA_SODIUM_BANDS: readonly Band[] = [below('5', zero), upTo('140', step('5')), above(step('10'))];

// 101.9(c)(6) total carbohydrate, (c)(6)(i) dietary fiber, (c)(6)(ii) total sugars, (c)(6)(iii) added
// sugars, (c)(6)(iv) sugar alcohol, (c)(7) protein: < 0.5 g -> 0; < 1 g -> "less than 1g";
// >= 1 g -> nearest 1 g.
export const FDA_GRAM_BANDS: readonly Band[] = [below('0.5', zero), below('1', lessThan('1')), above(step('1'))];

/** FDA Dec 2019 guidance (Q&A on the 2016 rule; docs/labeling.md#us-percent-dv) on the amounts of vitamins and minerals:
 * RDI < 25 units -> nearest 0.1; 25 to < 250 -> nearest 1; >= 250 -> nearest 10. Tiered on the adult RDI. */
export function fdaVitaminMineralStep(key: string): string {
  const rdi = FDA_RDI.adult[key];
  if (rdi === undefined) throw new RangeError(`no RDI for ${key}`);
  if (rdi < 25) return '0.1';
  if (rdi < 250) return '1';
  return '10';
}

const FAT_KEYS = new Set(['fat', 'fat_saturated', 'fat_trans', 'fat_polyunsaturated', 'fat_monounsaturated']);
const GRAM_KEYS = new Set(['carbohydrate', 'fiber', 'sugar', 'added_sugar', 'sugar_alcohol', 'protein']);

export function fdaBands(key: string): readonly Band[] {
  if (key === 'calories') return FDA_CALORIE_BANDS;
  if (FAT_KEYS.has(key)) return FDA_FAT_BANDS;
  if (key === 'cholesterol') return FDA_CHOLESTEROL_BANDS;
  if (key === 'sodium') return FDA_SODIUM_BANDS;
  if (GRAM_KEYS.has(key)) return FDA_GRAM_BANDS;
  if (key in FDA_RDI.adult) return [above(step(fdaVitaminMineralStep(key)))];
  throw new RangeError(`no FDA rounding rule for ${key}`);
}

export function hasFdaRounding(key: string): boolean {
  try {
    fdaBands(key);
    return true;
  } catch {
    return false;
  }
}

export interface DeclaredAmount {
  /** The number for the API: the declared amount, or for "less than" forms the unrounded amount to 2 decimals. */
  amount: number;
  /** As printed: "8g", "0mg", "less than 1g", "230". */
  display: string;
  /** The declared number ("less than 1g" -> 1). */
  declared: Decimal;
  lessThan: boolean;
  unrounded: Decimal;
}

/** Declared amount and printed text of one nutrient on an FDA label. */
export function roundFda(key: string, value: Numeric): DeclaredAmount {
  const unrounded = Decimal.max(dec(value), 0);
  const { declared, lessThan: isLessThan } = applyBands(unrounded, fdaBands(key));
  const unit = labelNutrient(key).unit;
  const display = isLessThan ? `less than ${formatNumber(declared, 'us')}${unit}` : formatAmount(declared, unit, 'us');
  return {
    amount: isLessThan ? roundDecimals(unrounded, 2) : declared.toNumber(),
    display,
    declared,
    lessThan: isLessThan,
    unrounded,
  };
}
