// Warnings of the per-100 labels (Australia/New Zealand, Mexico) beyond those of docs/api.md#trust-and-completeness: a
// liquid declared per 100 g for want of a density. It blocks print like a missing nutrient: the unit
// quantity of a liquid is 100 mL (FSANZ Standard 1.2.8—6(1); NOM-051 4.5.2), so the panel would be wrong.
// (On EU/UK labels the same code only informs: Art. 32(2) allows per 100 g beside per 100 mL.)
import type { LabelWarning } from './model.js';

export function missingDensityWarning(): LabelWarning {
  return {
    code: 'missing_density',
    message:
      'This liquid has no known density, so its values are per 100 g instead of per 100 mL: give its ingredients a volume unit (a density), or set label_settings.food_kind to "solid" if it is not a liquid.',
    accepted: false,
  };
}

/** A market rule (CompletenessRules.blocks): an unaccepted missing_density keeps the label from print. */
export const liquidPer100g = (warning: LabelWarning): boolean => warning.code === 'missing_density' && !warning.accepted;
