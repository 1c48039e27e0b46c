// The per-100 labels (Australia/New Zealand, Mexico) of a food given by its amounts per 100 g, as their
// worked examples are: the amounts are restated per serving (exactly, in decimal arithmetic) and the label
// built through the engine's one entry, as a recipe's would be.
import { buildLabel } from '../../src/core/label/build-label.js';
import type { IngredientAdditions, LabelSettings } from '../../src/core/label/shared/label-input.js';
import { dec } from '../../src/core/label/shared/decimal-round.js';
import type { LabelModel, LabelNutrientRow } from '../../src/core/label/shared/model.js';
import type { MissingNutrients } from '../../src/core/recipe/missing.js';

export interface Per100gFood {
  per_100g: Readonly<Record<string, number>>;
  serving_grams: number;
  servings_per_package: number;
  density?: number | null;
  settings?: LabelSettings;
  missing?: MissingNutrients;
  /** Mexico: the label's date (picks the phase of NOM-051), and what the ingredients add. */
  label_date?: string;
  facts?: IngredientAdditions;
}

export function labelOfPer100g(language: 'en-AU' | 'en-NZ' | 'es-MX', food: Per100gFood): LabelModel {
  const nutrition = Object.fromEntries(
    Object.entries(food.per_100g).map(([key, value]) => [key, dec(value).mul(food.serving_grams).div(100).toNumber()]),
  );
  return buildLabel(
    {
      recipe_id: 1,
      nutrition,
      serving_grams: food.serving_grams,
      servings_per_container: food.servings_per_package,
      density: food.density,
      allergens: {},
      ingredient_statement: {},
      settings: food.settings ?? {},
      empty_recipe: false,
      missing: food.missing,
      label_date: food.label_date ?? '2026-06-01',
      added: food.facts,
    },
    { language, format: language === 'es-MX' ? 'mx_table' : 'anz_nip' },
  );
}

/** A row of a label, by key. */
export function rowOf(label: LabelModel, key: string): LabelNutrientRow {
  const found = label.nutrients.find((r) => r.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
}
