// A rounding table as data: a nutrient's declared amount depends on which band its UNROUNDED amount
// falls in (21 CFR 101.9(c): "band chosen on the unrounded value"; FDR B.01.401 column 3 likewise),
// and each band either declares zero, rounds to a step, or prints "less than <limit>".
import { Decimal, dec, roundToStepDecimal, type Numeric } from './decimal-round.js';

export type BandRule = { kind: 'zero' } | { kind: 'step'; step: string } | { kind: 'less_than'; limit: string };

export interface Band {
  /** Upper bound of the band; null = no upper bound. */
  max: string | null;
  /** true: the band includes `max` (value <= max); false: value < max. */
  inclusive: boolean;
  rule: BandRule;
}

/** Shorthands so that tables read like the regulation. */
export const below = (max: string, rule: BandRule): Band => ({ max, inclusive: false, rule });
export const upTo = (max: string, rule: BandRule): Band => ({ max, inclusive: true, rule });
export const above = (rule: BandRule): Band => ({ max: null, inclusive: true, rule });
export const zero: BandRule = { kind: 'zero' };
export const step = (s: string): BandRule => ({ kind: 'step', step: s });
export const lessThan = (limit: string): BandRule => ({ kind: 'less_than', limit });

export function findBand(value: Numeric, bands: readonly Band[]): Band {
  const v = dec(value);
  for (const band of bands) {
    if (band.max === null) return band;
    const max = dec(band.max);
    if (band.inclusive ? v.lte(max) : v.lt(max)) return band;
  }
  throw new RangeError('rounding table has no open-ended last band');
}

export interface BandResult {
  /** Declared amount (for "less than", the limit, e.g. 1 for "less than 1g"). */
  declared: Decimal;
  lessThan: boolean;
}

export function applyBands(value: Numeric, bands: readonly Band[]): BandResult {
  // Negative amounts cannot occur in a recipe; clamp so that a rounding artefact never prints "-0".
  const v = Decimal.max(dec(value), 0);
  const band = findBand(v, bands);
  switch (band.rule.kind) {
    case 'zero':
      return { declared: new Decimal(0), lessThan: false };
    case 'step':
      return { declared: roundToStepDecimal(v, band.rule.step), lessThan: false };
    case 'less_than':
      return { declared: dec(band.rule.limit), lessThan: true };
  }
}
