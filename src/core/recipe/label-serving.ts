// The serving's metric unit on a label (docs/api.md#serving-unit): grams for solids; millilitres only for a liquid,
// i.e. a recipe whose yield is a volume or whose label_settings.serving_unit is "mL" (21 CFR 101.9(b)(7):
// metric quantity in grams, or in millilitres for fluids; FDR B.01.002A likewise by weight or volume).
import type { RecipeResult } from './engine.js';
import { isVolumeYield } from './yield.js';

export interface LabelServing {
  unit: 'g' | 'mL';
  /** Millilitres per serving when the unit is mL; null otherwise. */
  serving_ml: number | null;
  notes: string[];
}

export function labelServing(result: RecipeResult): LabelServing {
  const { recipe } = result;
  const volumeYield = isVolumeYield(recipe.package_yield_unit);
  if (!volumeYield && recipe.label_settings.serving_unit !== 'mL') return { unit: 'g', serving_ml: null, notes: [] };
  if (result.serving_ml !== null && result.serving_ml > 0) return { unit: 'mL', serving_ml: result.serving_ml, notes: [] };
  // A weighed yield declared in mL: through the density of the lines that have one; water when none has.
  const notes: string[] = [];
  let density = result.density;
  if (density === null || !(density > 0)) {
    density = 1;
    notes.push('serving in mL: no ingredient has a density, so 1 g/mL (water) was assumed');
  } else if (!result.density_complete) {
    notes.push('serving in mL: density taken from the ingredients that have one; the others have no volume unit');
  }
  return { unit: 'mL', serving_ml: result.serving_grams / density, notes };
}
