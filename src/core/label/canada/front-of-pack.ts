// Front-of-package "High in" nutrition symbol, FDR B.01.350-B.01.352 (mandatory from 2026-01-01).
// docs/labeling.md#canada-front-of-pack. The FDR does not say whether the thresholds use rounded amounts ("amount of the
// nutrient, by weight"): we use the unrounded amounts (docs/labeling.md#decisions #12) and say so in the label notes.
import { Decimal, dec } from '../shared/decimal-round.js';
import { caRawPercent } from './daily-values.js';
import type { FrontOfPack } from '../shared/model.js';

export type FopNutrient = 'saturated_fat' | 'sugars' | 'sodium';

export interface FopInput {
  /** Unrounded per serving of stated size. */
  per_serving: { fat_saturated: Numericish; sugar: Numericish; sodium: Numericish };
  serving_grams: Numericish;
  reference_amount_grams: Numericish;
  /** The table's row is 30 g or 30 mL or less (B.01.350(1)(b)); absent: judged on reference_amount_grams. */
  small_reference_amount?: boolean;
  /** A main dish with a reference amount of 200 g or more (B.01.350(1)(c)). */
  main_dish?: boolean;
  /** A B.01.350(5)-(13) exemption the caller has established (fats and oils, sweetening agents, ...). */
  exemption?: string | null;
  /** Nutrients with unknown, unaccepted contributions (keys fat_saturated, sugar, sodium): docs/api.md#trust-and-completeness. */
  blocked?: (key: string) => boolean;
}

type Numericish = number | string | Decimal;

// B.01.350(1): the threshold as a % of the DV, by reference amount.
export function fopThresholdPercent(referenceAmountGrams: Numericish, mainDish: boolean, small?: boolean): number {
  const ra = dec(referenceAmountGrams);
  if (mainDish && ra.gte(200)) return 30; // (c) main dish, RA >= 200 g: 30 %
  if (small ?? ra.lte(30)) return 10; // (b) RA <= 30 g or mL: 10 %
  return 15; // (a) RA > 30 g or mL: 15 %
}

// B.01.350(1): the DVs behind each nutrient. Saturated fat is measured against the saturated + trans DV
// (20 g); sugars against 100 g; sodium against 2300 mg.
const DV_KEY: Record<FopNutrient, string> = { saturated_fat: 'fat_saturated_trans', sugars: 'sugar', sodium: 'sodium' };
// The ingredient nutrient each determination reads.
const AMOUNT_KEY: Record<FopNutrient, string> = { saturated_fat: 'fat_saturated', sugars: 'sugar', sodium: 'sodium' };

export function frontOfPack(input: FopInput): FrontOfPack {
  const threshold = fopThresholdPercent(input.reference_amount_grams, input.main_dish ?? false, input.small_reference_amount);
  const perRaFactor = dec(input.reference_amount_grams).div(dec(input.serving_grams));
  const amounts: Record<FopNutrient, Decimal> = {
    saturated_fat: dec(input.per_serving.fat_saturated),
    sugars: dec(input.per_serving.sugar),
    sodium: dec(input.per_serving.sodium),
  };
  const highIn: FopNutrient[] = [];
  const undetermined: FopNutrient[] = [];
  for (const nutrient of ['saturated_fat', 'sugars', 'sodium'] as const) {
    // B.01.350(2): %DV per serving of stated size or per reference amount, whichever is greater.
    const perServing = caRawPercent(DV_KEY[nutrient], amounts[nutrient]);
    const perReference = caRawPercent(DV_KEY[nutrient], amounts[nutrient].mul(perRaFactor));
    if (Decimal.max(perServing, perReference).gte(threshold)) highIn.push(nutrient);
    // Known values only add up: above the threshold on them is certain; below it, an unknown may still cross it.
    else if (input.blocked?.(AMOUNT_KEY[nutrient])) undetermined.push(nutrient);
  }
  const exemption = input.exemption ?? null;
  const out: FrontOfPack = { required: highIn.length > 0 && exemption === null, high_in: highIn, exemption };
  if (undetermined.length > 0) out.undetermined = undetermined;
  return out;
}
