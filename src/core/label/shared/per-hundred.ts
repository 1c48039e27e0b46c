// The "unit quantity" a per-100 column declares: 100 g for solids, 100 mL for liquids (FSANZ Standard
// 1.2.8—6(1); NOM-051-SCFI/SSA1-2010 4.5.2 declares per 100 g or 100 mL). A liquid's 100 mL is weighed
// through the recipe's density (g/mL); without one the column stays per 100 g and the label says so.
import { Decimal, dec } from './decimal-round.js';
import type { LabelInput } from './label-input.js';

/** label_settings.food_kind: a beverage is a liquid that is drunk (Mexico's calorie-free beverage rule). */
export type FoodKind = 'solid' | 'liquid' | 'beverage';

export type HundredBasis = {
  /** Grams of food in the unit quantity: 100, or 100 x density for 100 mL. */
  grams: Decimal;
  /** A liquid whose density is not known: declared per 100 g instead. */
  missing_density: boolean;
} & ({ basis: '100g' } | { basis: '100mL' /** g/mL */; density: number });

export function isLiquid(kind: FoodKind | undefined): boolean {
  return kind === 'liquid' || kind === 'beverage';
}

export function hundredBasis(kind: FoodKind | undefined, density: number | null | undefined): HundredBasis {
  if (!isLiquid(kind)) return { basis: '100g', grams: new Decimal(100), missing_density: false };
  if (typeof density !== 'number' || !Number.isFinite(density) || !(density > 0)) {
    return { basis: '100g', grams: new Decimal(100), missing_density: true };
  }
  return { basis: '100mL', density, grams: dec(density).mul(100), missing_density: false };
}

/** Per-100 g amounts of a recipe whose engine gives them per serving (src/core/recipe: nutrition per serving). */
export function per100gFromServing(perServing: Readonly<Record<string, number>>, servingGrams: number): Record<string, number> {
  const out: Record<string, number> = {};
  if (!(servingGrams > 0)) return out;
  const factor = dec(100).div(dec(servingGrams));
  for (const [key, value] of Object.entries(perServing)) {
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = dec(value).mul(factor).toNumber();
  }
  return out;
}

/** A label input's unrounded per-100 g amounts; a recipe without lines has zero of what it names. */
export function per100gOfLabel(input: Pick<LabelInput, 'nutrition' | 'serving_grams' | 'empty_recipe'>): Record<string, number> {
  if (input.serving_grams > 0) return per100gFromServing(input.nutrition, input.serving_grams);
  if (!input.empty_recipe) return {};
  return Object.fromEntries(Object.keys(input.nutrition).map((key) => [key, 0]));
}
