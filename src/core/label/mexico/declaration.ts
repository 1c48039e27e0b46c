// The nutrition declaration ("declaración nutrimental") of NOM-051-SCFI/SSA1-2010 as modified in 2020:
// energy factors of numeral 5.1.1 and the engine's rounding convention. docs/labeling.md#mexico-declaration.
import { Decimal, dec, roundToStepDecimal } from '../shared/decimal-round.js';

/**
 * 5.1.1: available carbohydrate 4 kcal (17 kJ), protein 4 (17), fat 9 (37) per gram. Alcohol 7 kcal (29 kJ)
 * follows Codex CXG 2-1985, which the NOM mirrors [unconfirmed]; dietary fibre is not in the list quoted
 * from 5.1.1 and contributes nothing [unconfirmed]. kcal and kJ are two sums, each from its own factors.
 */
export const MX_ENERGY_FACTORS = {
  protein: { kcal: 4, kj: 17 },
  fat: { kcal: 9, kj: 37 },
  available_carbohydrate: { kcal: 4, kj: 17 },
  alcohol: { kcal: 7, kj: 29 },
} as const;

export interface MxEnergyParts {
  protein: Decimal;
  fat: Decimal;
  available_carbohydrate: Decimal;
  alcohol: Decimal;
}

export function mxEnergy(parts: MxEnergyParts): { kcal: Decimal; kj: Decimal } {
  const f = MX_ENERGY_FACTORS;
  const sum = (unit: 'kcal' | 'kj') =>
    parts.protein
      .mul(f.protein[unit])
      .plus(parts.fat.mul(f.fat[unit]))
      .plus(parts.available_carbohydrate.mul(f.available_carbohydrate[unit]))
      .plus(parts.alcohol.mul(f.alcohol[unit]));
  return { kcal: sum('kcal'), kj: sum('kj') };
}

/**
 * Rounding of declared figures, engine convention (the NOM's rounding table was not seen; a third party
 * cites its "Tabla 5": energy under 5 kcal is declared 0): energy in whole kcal and kJ, 0 under 5 kcal;
 * grams to one decimal; milligrams (sodium, trans fat) whole. Ties half up. docs/labeling.md#mexico-declaration.
 */
export const MX_ZERO_ENERGY_BELOW_KCAL = 5;

export function roundMxEnergy(kcal: Decimal, kj: Decimal): { kcal: Decimal; kj: Decimal } {
  if (kcal.lt(MX_ZERO_ENERGY_BELOW_KCAL)) return { kcal: new Decimal(0), kj: new Decimal(0) };
  return { kcal: roundToStepDecimal(kcal, 1), kj: roundToStepDecimal(kj, 1) };
}

export function roundMxAmount(value: Decimal, unit: 'g' | 'mg'): { amount: Decimal; text: string } {
  if (unit === 'mg') {
    const amount = roundToStepDecimal(value, 1);
    return { amount, text: amount.toFixed(0) };
  }
  const amount = roundToStepDecimal(value, '0.1');
  return { amount, text: amount.toFixed(1) };
}

/** Trans fat is declared in mg; the recipe carries grams. */
export const gramsToMg = (grams: Decimal): Decimal => grams.mul(dec(1000));
