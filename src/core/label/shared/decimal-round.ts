// Decimal helpers for regulatory rounding. Binary floats break ties (0.15 / 0.1, 2.675 * 100), so
// every rounding step goes through decimal.js, and ties go up (half-up), which is what FDA guidance
// and the 101.9(d)(8) potassium example (235 mg = 5.0 % -> 6 %) require. docs/labeling.md#decisions #6.
import { Decimal } from 'decimal.js';

export type Numeric = number | string | Decimal;

/** A Decimal from a number without picking up binary noise: decimal.js reads a JS number through
 * its shortest round-trip string, so 0.15 becomes exactly 0.15. */
export function dec(value: Numeric): Decimal {
  return value instanceof Decimal ? value : new Decimal(value);
}

/** Round to the nearest multiple of `step`, ties away from zero (half-up for the non-negative amounts
 * labels carry). roundToStep(4.75, 0.5) = 5, roundToStep(2.5, 1) = 3, roundToStep(0.15, 0.1) = 0.2. */
export function roundToStepDecimal(value: Numeric, step: Numeric): Decimal {
  const s = dec(step);
  if (s.lte(0)) throw new RangeError(`step must be positive, got ${s.toString()}`);
  return dec(value).div(s).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).mul(s);
}

export function roundToStep(value: Numeric, step: Numeric): number {
  return roundToStepDecimal(value, step).toNumber();
}

/** Round to a number of decimal places, half-up (used for "less than" amounts carried to 2 decimals). */
export function roundDecimals(value: Numeric, places: number): number {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
}

/** Plain decimal text without trailing zeros and without exponent notation ("8", "2.5", "0.25"). */
export function plainText(value: Numeric): string {
  return dec(value).toFixed();
}

/** value * factor / divisor in decimal arithmetic, returned as a Decimal (scaling per RACC, per 50 g). */
export function scale(value: Numeric, factor: Numeric, divisor: Numeric = 1): Decimal {
  return dec(value).mul(dec(factor)).div(dec(divisor));
}

export { Decimal };
