// What evaluating a recipe yields (docs/api.md#recipes): the per-line and per-recipe results the engine
// builds and the statement, costing and label code read. Kept apart from engine.ts so the statement
// builder can name these shapes without importing the engine that calls it.
import type { AllergenMap } from '../allergens.js';
import type { Ingredient } from '../ingredient.js';
import type { LabelLanguage } from '../label/shared/model.js';
import type { NutrientValues } from '../nutrients.js';
import type { MissingIndex } from './missing.js';
import type { Recipe, RecipeLine } from './types.js';

/** An ingredient statement per label language; null when the recipe has no food line. */
export type Statements = Record<LabelLanguage, string | null>;

export type NullableNutrients = Record<string, number | null>;

/** An ingredient as a line sees it: for a subrecipe, the live values of its recipe. */
export interface EffectiveIngredient {
  ingredient: Ingredient;
  unitsAndGrams: Record<string, number>;
  /** Set when the ingredient is a subrecipe whose recipe is in the graph (and not part of a cycle). */
  subrecipe: RecipeResult | null;
}

export interface LineResult {
  line: RecipeLine;
  effective: EffectiveIngredient;
  /** Gross grams: unit x quantity, waste included (costing uses it). */
  gross_grams: number;
  /** gross x (1 - waste / 100) (nutrition uses it). */
  net_grams: number;
  /** Only food lines carry weight and nutrition; labor, packaging, safety and other lines carry none. */
  food: boolean;
  display_text: Record<LabelLanguage, string>;
}

export interface RecipeResult {
  recipe: Recipe;
  lines: LineResult[];
  /** No food line with weight. */
  empty: boolean;
  total_grams: number;
  net_grams: number;
  /** Finished weight of the whole batch (package_grams x packages). */
  batch_grams: number;
  package_grams: number;
  serving_grams: number;
  package_ml: number | null;
  serving_ml: number | null;
  /** g/mL from the lines whose ingredient has a volume unit; null when none has. */
  density: number | null;
  /** Every food line has a known density. */
  density_complete: boolean;
  /** Packages used for per-serving math (0 counts as 1). */
  effective_packages: number;
  /** Batch totals after moisture loss. */
  batch: NutrientValues;
  /** Per serving, every nutrient key; null when no food line knows the nutrient. */
  nutrition: NullableNutrients;
  nutrition_per_100g: NullableNutrients;
  /** Per label nutrient, the food lines (through subrecipes) whose ingredient has no value: unknown, not zero. */
  missing: MissingIndex;
  allergens: AllergenMap;
  /** Generated from the lines. */
  generated_statements: Statements;
  /** The recipe's custom ingredient_list where set, else the generated one. */
  statements: Statements;
}
