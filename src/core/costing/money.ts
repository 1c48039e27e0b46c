// Money arithmetic, exact: decimals held as a BigInt count of 10^-scale units.
//
// Every amount that reaches costing is a finite decimal (a JSON number read through its shortest string:
// 0.1 is 1 x 10^-1, never 0.1000000000000000055...), so sums and products are kept EXACT, with no
// precision limit: a product's scale is the sum of its factors' scales. Only a division (a rate: price
// per gram; a subrecipe's cost per finished gram; per package, per serving) can have no finite result:
// it is rounded half-up at DIVISION_PLACES, far below anything shown. Amounts are rounded once more
// at the edge (toAmount), half-up, like every other rounding step in the project.
//
// Why not decimal.js (used for label rounding): a cost roll-up adds a 40-digit decimal per recipe line
// on every recipe read, and decimal.js takes ~0.7 µs per such addition against ~0.05 µs for BigInt
// (measured with `npm run bench costing`, see BENCHMARKS.md).

/** Decimal places kept by a division (40: a rate of a cent per tonne keeps 30 significant digits). */
export const DIVISION_PLACES = 40;
/** Decimal places of money amounts in responses (prices, shipping, cost buckets). */
export const MONEY_PLACES = 4;
/** Decimal places of rates (cost per gram / per hour): a cent per kilogram is 0.00001 per gram, so 4
 * places would erase cheap ingredients; 8 keep every realistic price. */
export const RATE_PLACES = 8;
/** Quotients carry DIVISION_PLACES places; anything below 20 is their noise (1/3 x 3 = 0.999...9 with
 * 40 nines): cleaned first, so an exact tie (2.04375) still rounds up at the 4th place. */
const GUARD_PLACES = 20;

const POWERS: bigint[] = [];
/** 10^n as a BigInt (cached: scales stay below a few hundred). */
function pow10(n: number): bigint {
  let p = POWERS[n];
  if (p === undefined) {
    p = 10n ** BigInt(n);
    if (n < 512) POWERS[n] = p;
  }
  return p;
}

/** n / d rounded half-up (ties away from zero, as ROUND_HALF_UP everywhere in the project); d > 0. */
function roundedQuotient(n: bigint, d: bigint): bigint {
  const q = n / d; // truncates toward zero
  const r = n % d; // takes n's sign
  if ((r < 0n ? -r : r) * 2n < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

// Numbers recur (the same grams per cup, the same prices, read after read) and reading one through its
// text is the slow part (~0.3 µs): they are remembered, bounded, cleared when full.
const PARSED = new Map<number, Money>();
const PARSED_LIMIT = 10_000;

export class Money {
  /** The value is units x 10^-scale. */
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Money(0n, 0);

  /** A JS number as the decimal it was written as (its shortest round-trip text); throws if not finite. */
  static of(value: number): Money {
    let parsed = PARSED.get(value); // -0 finds 0's entry (SameValueZero): the same value here
    if (parsed === undefined) {
      parsed = Number.isSafeInteger(value) ? new Money(BigInt(value), 0) : Money.parse(String(value));
      if (PARSED.size >= PARSED_LIMIT) PARSED.clear();
      PARSED.set(value, parsed);
    }
    return parsed;
  }

  /** Decimal text: "12", "-0.05", "1.5e-7" (what String(number) gives). */
  static parse(text: string): Money {
    const m = NUMBER_TEXT.exec(text);
    if (!m) throw new RangeError(`not a finite decimal: ${text}`);
    const [, sign, whole, fraction = '', exponent = '0'] = m;
    const digits = BigInt(`${sign}${whole}${fraction}`);
    const scale = fraction.length - Number(exponent);
    return scale >= 0 ? new Money(digits, scale) : new Money(digits * pow10(-scale), 0);
  }

  plus(other: Money): Money {
    if (other.units === 0n) return this;
    if (this.units === 0n) return other;
    if (this.scale === other.scale) return new Money(this.units + other.units, this.scale);
    return this.scale > other.scale
      ? new Money(this.units + other.units * pow10(this.scale - other.scale), this.scale)
      : new Money(this.units * pow10(other.scale - this.scale) + other.units, other.scale);
  }

  /** Exact. */
  times(other: Money | number): Money {
    const o = typeof other === 'number' ? Money.of(other) : other;
    if (this.units === 0n || o.units === 0n) return Money.ZERO;
    return new Money(this.units * o.units, this.scale + o.scale);
  }

  /** Rounded half-up at DIVISION_PLACES (exact when the quotient has no more places); throws on a zero divisor. */
  div(other: Money | number): Money {
    const o = typeof other === 'number' ? Money.of(other) : other;
    if (o.units === 0n) throw new RangeError('division by zero');
    // this / o = (a x 10^-s) / (b x 10^-t); as units of 10^-P: a x 10^(P - s + t) / b.
    const shift = DIVISION_PLACES - this.scale + o.scale;
    const [n, d] = shift >= 0 ? [this.units * pow10(shift), o.units] : [this.units, o.units * pow10(-shift)];
    return new Money(o.units < 0n ? roundedQuotient(-n, -d) : roundedQuotient(n, d), DIVISION_PLACES);
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** -1, 0 or 1. */
  sign(): number {
    return this.units > 0n ? 1 : this.units < 0n ? -1 : 0;
  }

  /** Units at `places` decimal places, rounded half-up. */
  private unitsAt(places: number): bigint {
    return places >= this.scale ? this.units * pow10(places - this.scale) : roundedQuotient(this.units, pow10(this.scale - places));
  }

  /** Rounded half-up to `places` decimals, as text with exactly that many ("0.3333"). */
  toFixed(places: number): string {
    return decimalText(this.unitsAt(places), places);
  }

  /** The exact value as text, without trailing zeros. */
  toString(): string {
    const text = decimalText(this.units, this.scale);
    return this.scale > 0 ? text.replace(/\.?0+$/, '') : text;
  }

  /** Half-up to `places` after cleaning division noise below GUARD_PLACES; a JSON number, never -0. */
  toAmount(places: number = MONEY_PLACES): number {
    const guarded = this.scale > GUARD_PLACES ? new Money(this.unitsAt(GUARD_PLACES), GUARD_PLACES) : this;
    const rounded = Number(decimalText(guarded.unitsAt(places), places));
    return rounded === 0 ? 0 : rounded;
  }
}

function decimalText(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative ? `-${text}` : text;
}

/** Rounds half-up to `places` and returns a plain JSON number (0.1 + 0.2 gives 0.3, never 0.30000000000000004). */
export function toAmount(value: Money | number, places: number = MONEY_PLACES): number {
  return (typeof value === 'number' ? Money.of(value) : value).toAmount(places);
}
