// Percentage daily intake, FSANZ Standard 1.2.8—8 (optional; per serving): the reference values of
// 1.2.8—8(2) and the statement of 1.2.8—8(3) as Schedule 12 (S12—4) prints it. docs/labeling.md#anz-percent-di.
import { type Decimal, dec, roundToStepDecimal } from '../shared/decimal-round.js';

/** 1.2.8—8: reference values for an average adult diet of 8700 kJ (energy in kJ, sodium in mg, others in g). */
export const ANZ_DAILY_INTAKE: Readonly<Record<string, number>> = {
  energy: 8700,
  protein: 50,
  fat: 70,
  fat_saturated: 24,
  carbohydrate: 310,
  sugar: 90,
  sodium: 2300,
  // 1.2.8—8(1): dietary fibre's %DI is optional, against 30 g, when fibre is declared.
  fiber: 30,
};

/** Column head as S12—4 prints it. */
export const ANZ_PERCENT_DI_HEADER = '% Daily Intake* (per serving)';

/** S12—4's footnote (1.2.8—8(3) allows the short form "based on an average adult diet of 8700 kJ"). */
export const ANZ_PERCENT_DI_FOOTNOTE =
  '*Percentage daily intakes are based on an average adult diet of 8700 kJ. Your daily intakes may be higher or lower depending on your energy needs.';

export interface PercentDi {
  value: number;
  display: string;
}

/**
 * Whole percent, half up; "<1%" when the amount is above zero but rounds to 0 % (engine convention, the
 * Code sets no rounding for %DI: docs/labeling.md#anz-decisions). Null for a row without a reference value.
 */
export function anzPercentDi(key: string, amount: Decimal): PercentDi | null {
  const reference = ANZ_DAILY_INTAKE[key];
  if (reference === undefined) return null;
  const value = roundToStepDecimal(amount.div(dec(reference)).mul(100), 1);
  if (value.isZero() && amount.gt(0)) return { value: 0, display: '<1%' };
  return { value: value.toNumber(), display: `${value.toFixed()}%` };
}
