// Rounding to significant figures, half up, in decimal arithmetic. FSANZ's user guide to Standard 1.2.8
// (§3.6) asks for "no more than three significant figures" on a nutrition information panel; the
// Code itself prescribes no increments (Schedule 12 holds formats only). docs/labeling.md#anz-significant-figures.
import { Decimal, dec, type Numeric } from './decimal-round.js';

/** `value` to `digits` significant figures, ties away from zero (half up for the non-negative amounts
 * labels carry): 99.95 -> 100, 999.5 -> 1000, 9995 -> 10000, 1415 -> 1420, 0.04449 -> 0.0445. */
export function toSignificantFigures(value: Numeric, digits: number): Decimal {
  if (!Number.isInteger(digits) || digits < 1) throw new RangeError(`digits must be a positive integer, got ${digits}`);
  const v = dec(value);
  if (v.isZero()) return new Decimal(0);
  return v.toSignificantDigits(digits, Decimal.ROUND_HALF_UP);
}
