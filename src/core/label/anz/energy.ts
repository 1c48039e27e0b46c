// Average energy content, FSANZ Schedule 11, S11—2: the sum of each component's average quantity times
// its energy factor, in kJ, over the UNROUNDED amounts (only the final figure is rounded). Calories, when
// shown, are derived from kilojoules: AE(Cal) = AE(kJ) / 4.18 (S11—2(4)). docs/labeling.md#anz-energy.
import { Decimal } from '../shared/decimal-round.js';

/**
 * kJ per gram, S11—2(2)-(3). Protein 17, fat 37, carbohydrate 17 (available carbohydrate: the fibre is
 * counted on its own), dietary fibre 8, alcohol 29. The individual factors of polyols and other
 * substances in S11—2(3) are not applied (our carbohydrate counts polyols at 17 kJ/g; the label notes it).
 */
export const ANZ_ENERGY_FACTORS_KJ = {
  protein: 17,
  fat: 37,
  carbohydrate: 17,
  fiber: 8,
  alcohol: 29,
} as const;

/** S11—2(4): 4.18 kJ to the Calorie. */
export const KJ_PER_CAL = '4.18';

export interface EnergyParts {
  protein: Decimal;
  fat: Decimal;
  /** Available carbohydrate: total carbohydrate less dietary fibre. */
  available_carbohydrate: Decimal;
  fiber: Decimal;
  /** Ethanol; zero when the recipe has none. */
  alcohol: Decimal;
}

export function anzEnergyKj(parts: EnergyParts): Decimal {
  const f = ANZ_ENERGY_FACTORS_KJ;
  return parts.protein
    .mul(f.protein)
    .plus(parts.fat.mul(f.fat))
    .plus(parts.available_carbohydrate.mul(f.carbohydrate))
    .plus(parts.fiber.mul(f.fiber))
    .plus(parts.alcohol.mul(f.alcohol));
}

export function kjToCal(kj: Decimal): Decimal {
  return kj.div(KJ_PER_CAL);
}

/** Available carbohydrate from our total carbohydrate (by difference, fibre included) and fibre; never below 0. */
export function availableCarbohydrate(carbohydrate: Decimal, fiber: Decimal): Decimal {
  return Decimal.max(carbohydrate.minus(fiber), 0);
}
