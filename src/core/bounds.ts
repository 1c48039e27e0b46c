// The range of every number a client may write (docs/api.md#number-ranges). Each is finite and wide enough
// for any real kitchen or factory, and narrow enough that no product the engine forms from them
// (grams x nutrients per gram x scale, prices x quantities) leaves the doubles' exact, finite range:
// a weight of 5e-324 g or 1e308 kcal would otherwise print "Infinity" on a label or fail a write.

export interface Range {
  min: number;
  max: number;
}

/** Counts and quantities: a line's or a cost's quantity, servings, packages, a unit description's number. */
export const QUANTITY: Range = { min: 0, max: 1_000_000 };
/** Grams (and the yield, in its unit): a line's total_grams, shortcut weights, reference amounts, package yield. 10 tonnes. */
export const GRAMS: Range = { min: 0, max: 10_000_000 };
/** Grams one described unit weighs (weight1..15): from 0.1 mg (a thread of saffron is 2 mg) to 10 tonnes. */
export const UNIT_WEIGHT: Range = { min: 0.0001, max: 10_000_000 };
/** A nutrient amount, in its unit, for the weight it is given for. */
export const NUTRIENT: Range = { min: 0, max: 1_000_000_000 };
/**
 * The largest nutrient amount per 100 g a stored ingredient may hold and still be summed: the API's
 * NUTRIENT maximum given for its smallest unit weight (1e9 per 0.0001 g). Past it (a library value of
 * 1e308 kcal once printed "Calories 0") the amount is unknown: listed as missing, never summed.
 */
export const NUTRIENT_PER_100G_MAX = 1e15;

/** Whether a stored per-100 g amount can be summed: finite, not negative, at most NUTRIENT_PER_100G_MAX. */
export function usableNutrientAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= NUTRIENT_PER_100G_MAX;
}

/** Money: prices, shipping, labor, overhead and packaging costs. */
export const MONEY: Range = { min: 0, max: 1_000_000_000 };
/** A safety item's target amount (a temperature may be negative). */
export const SAFETY_AMOUNT: Range = { min: -1_000_000, max: 1_000_000 };
/** scale_amount: a tenth of a thousandth up to ten thousand times the recipe. */
export const SCALE: Range = { min: 0.0001, max: 10_000 };

/** The rule a finite number breaks, as a ValidationFailed message, or null when it is in range. */
export function rangeError(value: number, range: Range): string | null {
  if (!Number.isFinite(value)) return 'must be a number';
  if (value < range.min) return `must be greater than or equal to ${range.min}`;
  if (value > range.max) return `must be less than or equal to ${range.max}`;
  return null;
}
