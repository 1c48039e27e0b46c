// The "free of" conditions of the Table of Permitted Nutrient Content Statements and Claims that
// gate the "0" declarations of the table to B.01.401 (docs/labeling.md#canada-free-of). Each holds per reference
// amount AND per serving of stated size. Amounts are the unrounded ones.
import { type Decimal, dec } from '../shared/decimal-round.js';

export interface CaBasisAmounts {
  calories: Decimal;
  fat: Decimal;
  fat_saturated: Decimal;
  fat_trans: Decimal;
  cholesterol: Decimal;
  sodium: Decimal;
}

export interface CaFreeOf {
  energy: boolean;
  fat: boolean;
  saturated: boolean;
  trans: boolean;
  cholesterol: boolean;
  sodium: boolean;
  low_in_saturated: boolean;
}

// "Low in saturated fatty acids": <= 2 g saturated + trans per RA and serving, and <= 15 % of energy
// from saturated + trans. With no energy at all, only a fat-free food meets the energy share.
function lowInSaturated(a: CaBasisAmounts): boolean {
  const satTrans = a.fat_saturated.plus(a.fat_trans);
  if (satTrans.gt(2)) return false;
  if (satTrans.isZero()) return true;
  if (a.calories.lte(0)) return false;
  return satTrans.mul(9).div(a.calories).mul(100).lte(15);
}

function freeOfOne(a: CaBasisAmounts): CaFreeOf {
  const low = lowInSaturated(a);
  return {
    energy: a.calories.lt(5), // free of energy: < 5 Cal (21 kJ)
    fat: a.fat.lt('0.5'), // free of fat: < 0.5 g
    saturated: a.fat_saturated.lt('0.2') && a.fat_trans.lt('0.2'), // free of saturated fatty acids
    trans: a.fat_trans.lt('0.2') && low, // free of trans fatty acids: < 0.2 g trans and low in saturated
    cholesterol: a.cholesterol.lt(2) && low, // free of cholesterol: < 2 mg and low in saturated
    sodium: a.sodium.lt(5), // free of sodium or salt: < 5 mg
    low_in_saturated: low,
  };
}

// The nutrients each condition reads: a condition resting on an unknown never holds (docs/api.md#trust-and-completeness).
const NEEDS: Readonly<Record<keyof CaFreeOf, readonly string[]>> = {
  energy: ['calories'],
  fat: ['fat'],
  saturated: ['fat_saturated', 'fat_trans'],
  trans: ['fat_saturated', 'fat_trans', 'calories'],
  cholesterol: ['cholesterol', 'fat_saturated', 'fat_trans', 'calories'],
  sodium: ['sodium'],
  low_in_saturated: ['fat_saturated', 'fat_trans', 'calories'],
};

/** Conditions met both per serving and per reference amount, and resting on no unknown (`blocked`) nutrient. */
export function caFreeOf(
  perServing: CaBasisAmounts,
  perReference: CaBasisAmounts,
  blocked: (key: string) => boolean = () => false,
): CaFreeOf {
  const s = freeOfOne(perServing);
  const r = freeOfOne(perReference);
  const out = {} as CaFreeOf;
  for (const k of Object.keys(NEEDS) as Array<keyof CaFreeOf>) out[k] = s[k] && r[k] && !NEEDS[k].some(blocked);
  return out;
}

/** Scale per-serving amounts to the reference amount. */
export function scaleBasis(a: CaBasisAmounts, factor: Decimal): CaBasisAmounts {
  return {
    calories: a.calories.mul(factor),
    fat: a.fat.mul(factor),
    fat_saturated: a.fat_saturated.mul(factor),
    fat_trans: a.fat_trans.mul(factor),
    cholesterol: a.cholesterol.mul(factor),
    sodium: a.sodium.mul(factor),
  };
}

export function basisFrom(get: (key: string) => Decimal): CaBasisAmounts {
  return {
    calories: dec(get('calories')),
    fat: dec(get('fat')),
    fat_saturated: dec(get('fat_saturated')),
    fat_trans: dec(get('fat_trans')),
    cholesterol: dec(get('cholesterol')),
    sodium: dec(get('sodium')),
  };
}
