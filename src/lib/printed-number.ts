// Numbers as responses and exports print them (docs/api.md#responses): at most 10 significant digits.
// Stored values are doubles; sums and per-100 g conversions leave binary noise in the 16th and 17th
// digits (0.1 + 0.2 is 0.30000000000000004, 1.05 x 3 is 3.1500000000000004). Ten digits keep every
// digit a measurement, a price or a label rounding can mean, and none of that noise.
export const SIGNIFICANT_DIGITS = 10;

const POWERS = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * `n` rounded to 10 significant digits (half away from zero); integers and non-finite numbers as they
 * are. Arithmetic rather than `toPrecision`: an integer of at most 10 digits divided (or multiplied) by an
 * exact power of ten is the double nearest the decimal, which prints in at most 10 digits, and it is
 * several times cheaper than a string round trip on the read path. The same value as
 * `Number(n.toPrecision(10))` (a unit test compares them).
 */
export function printedNumber(n: number): number {
  if (Number.isInteger(n) || !Number.isFinite(n)) return n;
  const size = Math.abs(n);
  const shift = SIGNIFICANT_DIGITS - Math.ceil(Math.log10(size));
  if (shift > 22 || shift < -22) return Number(n.toPrecision(SIGNIFICANT_DIGITS));
  // biome-ignore lint/style/noNonNullAssertion: |shift| <= 22 is checked above, and POWERS holds 10^0 .. 10^22
  const power = POWERS[shift >= 0 ? shift : -shift]!;
  const rounded = shift >= 0 ? Math.round(size * power) / power : Math.round(size / power) * power;
  return n < 0 ? -rounded : rounded;
}

/** A JSON-like value with every number in it printed (new arrays and objects; the value is not changed). */
export function printedNumbers<T>(value: T): T {
  if (typeof value === 'number') return printedNumber(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(printedNumbers) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = printedNumbers((value as Record<string, unknown>)[key]);
  return copy as T;
}

/**
 * The JSON text of printedNumber(n). A number whose shortest text has at most 11 characters has at
 * most 10 digits (or is an integer): most stored values (USDA's, a person's) are such, and cost no
 * more than String(n).
 */
export function printedNumberText(n: number): string {
  const text = String(n);
  return text.length <= 11 ? text : String(printedNumber(n));
}
