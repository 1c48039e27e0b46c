// The Mexican label as data (format `mx_table`, docs/api.md#market-mexico): the nutrition declaration per 100 g /
// 100 mL and per portion, and the front-of-pack warning seals and legends.
import type { MissingLookup, MissingNutrients } from '../../recipe/missing.js';
import type { LabelWarning } from '../shared/model.js';
import type { FoodKind } from '../shared/per-hundred.js';
import type { MxPhase } from './phase.js';
import type { AddedNutrients, MxSeal } from './seals.js';

export interface MxSettings {
  food_kind?: FoodKind;
  /** Overrides the phase in force on the label's date. */
  mx_phase?: MxPhase | null;
  accept_missing?: string[];
}

/** What the recipe's ingredients add (ingredient fields added_sugar, adds_fat, adds_sodium, non_caloric_sweetener, added_caffeine). */
export interface MxIngredientFacts extends AddedNutrients {
  non_caloric_sweetener: boolean;
  added_caffeine: boolean;
}

export interface MxTableInput {
  /** Unrounded amounts per 100 g (keys of src/core/nutrients.ts); absent or null = unknown. */
  per_100g: Readonly<Record<string, number | null | undefined>>;
  /** The portion, grams, unrounded. */
  serving_grams: number;
  servings_per_package: number;
  /** g/mL; needed for a liquid's 100 mL column and thresholds. */
  density?: number | null;
  /** The label's date (YYYY-MM-DD): picks the phase of the warning system. */
  label_date: string;
  facts: MxIngredientFacts;
  settings?: MxSettings;
  missing?: MissingLookup | MissingNutrients;
  empty_recipe?: boolean;
  notes?: string[];
}

export interface MxCell {
  amount: number | null;
  /** "480 kcal (2008 kJ)", "12.0 g", "400 mg", or "desconocido". */
  display: string;
  /** Energy rows only. */
  kcal?: number | null;
  kj?: number | null;
}

export interface MxRow {
  key: string;
  name: string;
  unit: 'kcal' | 'g' | 'mg';
  indent: 0 | 1;
  per_100: MxCell;
  per_portion: MxCell;
  unknown: boolean;
}

export interface MxFrontOfPack {
  /** In the fixed order of 4.5.3.4. */
  seals: MxSeal[];
  legends: string[];
  phase: MxPhase;
  /** Seals that rest on unknown values (or on an unknown "added" fact): not decided. */
  undetermined: MxSeal[];
}

export interface MxTable {
  format: 'mx_table';
  title: 'Declaración nutrimental';
  basis: '100g' | '100mL';
  portion: { grams: number; display: string };
  portions_per_pack: number;
  column_titles: [string, string];
  rows: MxRow[];
  front_of_pack: MxFrontOfPack;
  notes: string[];
  warnings: LabelWarning[];
  complete: boolean;
}
