// What the label engine takes in (API.md §6 label_settings, recipe nutrition per serving).
import type { NutrientValues } from '../nutrients.js';
import type { LabelFormat, LabelLanguage } from './model.js';

export interface LabelSettings {
  language?: LabelLanguage;
  format?: LabelFormat;
  dv_population?: 'adult' | 'children_1_3';
  percent_dv_basis?: 'declared' | 'unrounded';
  /** Extra rows: vitamin_a, vitamin_c, ..., fat_monounsaturated, fat_polyunsaturated, sugar_alcohol (and omega_3/omega_6 in Canada). */
  optional_nutrients?: string[];
  /** US: reference amount customarily consumed, grams (claims). */
  racc_grams?: number;
  /** Canada: reference amount, grams ("free of" tests, front-of-pack thresholds). */
  reference_amount_grams?: number;
  dual_column_titles?: [string, string];
  /** Canada: a main dish (FDR B.01.350(1)(c) front-of-pack threshold 30 % when RA >= 200 g). */
  main_dish?: boolean;
  /** Canada: the B.01.350(5)-(13) exemption from the front-of-pack symbol that applies, if any. */
  front_of_pack_exemption?: string | null;
}

export interface LabelInput {
  recipe_id: number;
  /** Per serving, unrounded, keys of src/core/nutrients.ts. */
  nutrition: NutrientValues;
  serving_grams: number;
  serving_ml?: number | null;
  /** recipe.suggested_serving, e.g. "2/3 cup". */
  household_serving?: string | null;
  /** Unrounded. */
  servings_per_container: number;
  allergens: Record<string, true | string>;
  ingredient_statement: Record<LabelLanguage, string | null>;
  settings: LabelSettings;
  empty_recipe: boolean;
}

export interface LabelOptions {
  language: LabelLanguage;
  format: LabelFormat;
}
