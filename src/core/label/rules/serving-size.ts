// The serving of a food in discrete units against its reference amount (pure; what the market builders
// check before a label is complete, warning `serving_size_not_permitted` with the serving the rules give):
// - United States, 21 CFR 101.9(b)(2)(i) (products in discrete units: cookies, bars, slices, pieces):
//   (A) a unit of 50 % of the reference amount or less: the number of whole units closest to it;
//   (B) more than 50 % and less than 67 %: one unit or two (the manufacturer's choice);
//   (C) 67 % or more and less than 200 %: one unit;
//   (D) 200 % or more: one unit when the whole unit can reasonably be eaten at one occasion; otherwise
//   the serving follows the reference amount (our reading: a fraction of the unit, as (b)(2)(ii));
//   and 101.9(b)(2)(ii), large discrete units usually divided (cake, pie, loaf): the fraction (1/2, 1/3,
//   1/4, 1/5, 1/6 or a smaller one made by dividing further by 2 or 3) closest to the reference amount.
// - Canada, the Table of Reference Amounts for Food, Column 3A: multiple units, "the number of whole
//   pieces or units closest in weight in grams to the RA"; individually prepackaged units weighing 50 %
//   to 200 % of the RA (or more, when one person can eat one at one occasion), "one prepackaged unit";
//   large units (round cake, uncut tray), "the fraction of the whole product closest in weight in grams
//   to the RA"; sliced bread (item A.1), 2 slices.
// Percentages are compared in decimal arithmetic. A tie between two counts (a unit of 20 g against 30 g:
// one unit is 10 g under, two 10 g over) allows both; no rule says which, docs/labeling.md#polyols-and-sweeteners.
import { type Decimal, dec } from '../shared/decimal-round.js';

export type UsBand = 'A' | 'B' | 'C' | 'D';

export interface DiscreteServing {
  /** The paragraph that decides. */
  rule: string;
  /** The numbers of units a declared serving may be. */
  units: number[];
  /** For a unit too large to eat at once: the fraction of it the serving is (its denominator), else null. */
  fraction: number | null;
}

const percentOf = (unitGrams: number, referenceGrams: number): Decimal => dec(unitGrams).mul(100).div(referenceGrams);

/** The whole numbers of units closest in weight to the reference amount (both, on a tie); at least 1. */
export function closestUnitCounts(unitGrams: number, referenceGrams: number): number[] {
  const ratio = dec(referenceGrams).div(unitGrams);
  const below = Math.max(1, ratio.floor().toNumber());
  const above = below + 1;
  const gapBelow = dec(referenceGrams).minus(dec(unitGrams).mul(below)).abs();
  const gapAbove = dec(unitGrams).mul(above).minus(referenceGrams).abs();
  if (gapBelow.lt(gapAbove)) return [below];
  if (gapAbove.lt(gapBelow)) return [above];
  return [below, above];
}

/** The US band of 101.9(b)(2)(i) a unit falls in. */
export function usBand(unitGrams: number, referenceGrams: number): UsBand {
  const percent = percentOf(unitGrams, referenceGrams);
  if (percent.lte(50)) return 'A';
  if (percent.lt(67)) return 'B';
  if (percent.lt(200)) return 'C';
  return 'D';
}

/** Denominators 101.9(b)(2)(ii) allows: 1 to 6, and those made from them by dividing by 2 or 3, up to `max`. */
export function usFractionDenominators(max = 96): number[] {
  const found = new Set<number>([1, 2, 3, 4, 5, 6]);
  const queue = [...found];
  while (queue.length > 0) {
    const n = queue.shift() as number;
    for (const next of [n * 2, n * 3]) {
      if (next <= max && !found.has(next)) {
        found.add(next);
        queue.push(next);
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** The fraction of a whole (its denominator) closest in weight to the reference amount, among `denominators`. */
export function closestFraction(wholeGrams: number, referenceGrams: number, denominators: readonly number[]): number {
  let best = denominators[0] ?? 1;
  let bestGap: Decimal | null = null;
  for (const n of denominators) {
    const gap = dec(wholeGrams).div(n).minus(referenceGrams).abs();
    // Ties keep the larger piece (the smaller denominator): the first found.
    if (bestGap === null || gap.lt(bestGap)) [best, bestGap] = [n, gap];
  }
  return best;
}

/** 21 CFR 101.9(b)(2)(i): the servings a food in discrete units may declare. */
export function usDiscreteServing(unitGrams: number, referenceGrams: number, wholeUnitEatenAtOnce = true): DiscreteServing {
  const band = usBand(unitGrams, referenceGrams);
  switch (band) {
    case 'A':
      return { rule: '21 CFR 101.9(b)(2)(i)(A)', units: closestUnitCounts(unitGrams, referenceGrams), fraction: null };
    case 'B':
      return { rule: '21 CFR 101.9(b)(2)(i)(B)', units: [1, 2], fraction: null };
    case 'C':
      return { rule: '21 CFR 101.9(b)(2)(i)(C)', units: [1], fraction: null };
    case 'D':
      return wholeUnitEatenAtOnce
        ? { rule: '21 CFR 101.9(b)(2)(i)(D)', units: [1], fraction: null }
        : {
            rule: '21 CFR 101.9(b)(2)(i)(D)',
            units: [],
            fraction: closestFraction(unitGrams, referenceGrams, usFractionDenominators()),
          };
  }
}

/** 21 CFR 101.9(b)(2)(ii): a large discrete unit usually divided (cake, pie, loaf): the fraction closest to the reference amount. */
export function usLargeUnitFraction(wholeGrams: number, referenceGrams: number): number {
  return closestFraction(wholeGrams, referenceGrams, usFractionDenominators());
}

export type CaPackage = 'multiple_units' | 'individually_packaged' | 'large_unit' | 'sliced_bread';

/** Canada's Column 3A for the usual cases of a bakery's products. */
export function caDiscreteServing(kind: CaPackage, unitGrams: number, referenceGrams: number, oneEatenAtOnce = true): DiscreteServing {
  const rule = 'Health Canada, Table of Reference Amounts for Food (2024), Column 3A';
  switch (kind) {
    case 'sliced_bread':
      return { rule: `${rule}, item A.1 (sliced bread: 2 slices)`, units: [2], fraction: null };
    case 'individually_packaged': {
      const percent = percentOf(unitGrams, referenceGrams);
      if ((percent.gte(50) && percent.lte(200)) || (percent.gt(200) && oneEatenAtOnce)) {
        return { rule: `${rule} (one prepackaged unit)`, units: [1], fraction: null };
      }
      return { rule: `${rule} (whole units closest to the RA)`, units: closestUnitCounts(unitGrams, referenceGrams), fraction: null };
    }
    case 'multiple_units':
      return { rule: `${rule} (whole pieces closest to the RA)`, units: closestUnitCounts(unitGrams, referenceGrams), fraction: null };
    case 'large_unit': {
      const denominators = Array.from({ length: 96 }, (_, i) => i + 1);
      return {
        rule: `${rule} (fraction closest to the RA)`,
        units: [],
        fraction: closestFraction(unitGrams, referenceGrams, denominators),
      };
    }
  }
}

/** Whether a declared serving (a number of units, or a fraction 1/n of one unit) is one the rule gives. */
export function servingPermitted(declared: { units: number } | { fraction: number }, rule: DiscreteServing): boolean {
  if ('units' in declared) return rule.units.includes(declared.units);
  return rule.fraction === declared.fraction;
}
