// Money arithmetic (issue 5: "money is exact"). Every cost is computed in decimal.js with 40 significant
// digits (well past any amount a batch can reach, so intermediate divisions never show), and rounded only
// at the edge, half-up, like every other rounding step in the project.
import { Decimal } from 'decimal.js';

export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;

/** Decimal places of money amounts in responses (prices, shipping, cost buckets). */
export const MONEY_PLACES = 4;
/** Decimal places of rates (cost per gram / per hour): a cent per kilogram is 0.00001 per gram, so 4
 * places would erase cheap ingredients; 8 keep every realistic price. */
export const RATE_PLACES = 8;

export const ZERO = new Money(0);

/** A Decimal from a number without binary noise (decimal.js reads numbers through their shortest string). */
export function money(value: Decimal.Value): Money {
  return new Money(value);
}

/** Quotients carry 40 significant digits; anything below 20 decimals is their noise (1/3 x 3 =
 * 0.999...9 with 40 nines), cleaned first so an exact tie (2.04375) still rounds up at the 4th. */
const GUARD_PLACES = 20;

/** Rounds half-up to `places` and returns a plain JSON number (0.1 + 0.2 gives 0.3, never 0.30000000000000004). */
export function toAmount(value: Decimal.Value, places: number = MONEY_PLACES): number {
  const rounded = new Money(value).toDecimalPlaces(GUARD_PLACES, Decimal.ROUND_HALF_UP).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
  return rounded === 0 ? 0 : rounded; // no -0 in JSON
}
