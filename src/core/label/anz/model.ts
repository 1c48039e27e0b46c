// The Australia / New Zealand nutrition information panel as data (format `anz_nip`, docs/api.md#market-anz):
// the Schedule 12 panel with a per-serving and a per-100 g (100 mL) column.
import type { MissingLookup, MissingNutrients } from '../../recipe/missing.js';
import type { LabelWarning } from '../shared/model.js';
import type { FoodKind } from '../shared/per-hundred.js';

export interface AnzSettings {
  food_kind?: FoodKind;
  /** Energy also in Calories, in brackets (1.2.8—6(1)(d)(i): kJ, or kJ and Calories). */
  show_calories?: boolean;
  /** The optional %DI column (1.2.8—8). */
  percent_daily_intake?: boolean;
  /** Extra rows: fiber, fat_trans, fat_polyunsaturated, fat_monounsaturated, cholesterol (Schedule 12, S12—3). */
  optional_nutrients?: string[];
  accept_missing?: string[];
  /** Named setting for a guidance-level rule: significant figures of every figure (FSANZ user guide §3.6: no more than 3). */
  anz_significant_figures?: number;
  /** Named setting: %DI from the declared (rounded) figure, as 1.2.8—9(3) does for %RDI, or from the unrounded amount. */
  anz_percent_di_basis?: 'declared' | 'unrounded';
}

export interface AnzNipInput {
  /** Unrounded amounts per 100 g of the food (keys of src/core/nutrients.ts); absent or null = unknown. */
  per_100g: Readonly<Record<string, number | null | undefined>>;
  /** The average quantity of food in a serving, grams, unrounded. */
  serving_grams: number;
  /** Servings in the package, unrounded. */
  servings_per_package: number;
  /** g/mL; needed for the 100 mL column of a liquid. */
  density?: number | null;
  settings?: AnzSettings;
  /** Per nutrient, the ingredients with no value (docs/api.md#trust-and-completeness). */
  missing?: MissingLookup | MissingNutrients;
  empty_recipe?: boolean;
  notes?: string[];
}

export interface AnzCell {
  /** Declared (rounded) amount in the row's unit; null when unknown. */
  amount: number | null;
  /** "1420 kJ (339 Cal)", "12.4 g", "400 mg", or "unknown". */
  display: string;
  /** Energy rows only. */
  kj?: number | null;
  cal?: number | null;
  percent_di: number | null;
  /** Per serving only, when the %DI column is shown: "16%", "<1%". */
  percent_di_display: string | null;
}

export interface AnzRow {
  key: string;
  /** As Schedule 12 prints it: "Energy", "Fat, total", "- saturated", "Sodium". */
  name: string;
  unit: 'kJ' | 'g' | 'mg';
  indent: 0 | 1;
  per_serving: AnzCell;
  per_100: AnzCell;
  /** Rests on values the recipe does not have (and the account did not accept as zero). */
  unknown: boolean;
}

export interface AnzNip {
  format: 'anz_nip';
  title: 'NUTRITION INFORMATION';
  basis: '100g' | '100mL';
  servings_per_package: { value: number; display: string };
  serving_size: { amount: number; unit: 'g' | 'mL'; display: string };
  /** ["Avg. Quantity per Serving", "Avg. Quantity per 100 g"] (1.2.8—7: quantities are averages). */
  column_titles: [string, string];
  percent_di_header: string | null;
  rows: AnzRow[];
  footnote: string | null;
  notes: string[];
  warnings: LabelWarning[];
  complete: boolean;
}
