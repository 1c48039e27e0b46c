// The label as data (docs/api.md §6.1). One model drives every view: JSON, SVG, PNG, PDF and HTML.
// Members may be added; none may be renamed (clients read this shape).

export type LabelLanguage = 'en-US' | 'en-CA' | 'fr-CA';

export const LABEL_LANGUAGES: readonly LabelLanguage[] = ['en-US', 'en-CA', 'fr-CA'];

export type LabelFormat =
  | 'fda_vertical'
  | 'fda_tabular'
  | 'fda_linear'
  | 'fda_simplified'
  | 'fda_dual_container'
  | 'ca_standard'
  | 'ca_bilingual';

export const FDA_FORMATS: readonly LabelFormat[] = ['fda_vertical', 'fda_tabular', 'fda_linear', 'fda_simplified', 'fda_dual_container'];
export const CA_FORMATS: readonly LabelFormat[] = ['ca_standard', 'ca_bilingual'];

export interface LabelNutrientRow {
  key: string;
  name: string;
  /** Declared (rounded) amount; for "less than" forms, the unrounded amount to 2 decimals; null for %DV-only rows. */
  amount: number | null;
  unit: string;
  /** As printed, e.g. "8g", "less than 1g", "0,5 g". */
  display: string;
  percent_dv: number | null;
  percent_dv_display: string | null;
  /** Layout hints for renderers. */
  indent: 0 | 1 | 2;
  bold: boolean;
  /** Second-language name on bilingual tables ("Lipides"). */
  name_fr?: string;
  /** Dual-column labels: the per-container column. */
  container?: { amount: number | null; display: string; percent_dv: number | null; percent_dv_display: string | null };
  /** The row as printed in running text ("Total Fat 8g", "Includes 10g Added Sugars"); linear labels use the abbreviations. */
  line?: string;
  /** Abbreviated name allowed on linear and tabular labels (21 CFR 101.9(j)(13)(ii)(B)), e.g. "Sat. Fat". */
  short_name?: string;
}

export interface FrontOfPack {
  required: boolean;
  high_in: Array<'saturated_fat' | 'sugars' | 'sodium'>;
  exemption: string | null;
  /** Nutrients below the threshold on their known values whose unknown contributions could still cross it. */
  undetermined?: Array<'saturated_fat' | 'sugars' | 'sodium'>;
}

export type LabelWarningCode =
  | 'missing_nutrient'
  | 'format_not_allowed'
  | 'missing_translation'
  | 'inferred_allergens'
  | 'generated_statement_name';

/** docs/api.md §8: what stands between this label and print. */
export interface LabelWarning {
  code: LabelWarningCode;
  message: string;
  nutrient?: string;
  ingredient_ids?: number[];
  /** label_settings.accept_missing covers it: still said, no longer blocking. */
  accepted: boolean;
}

export interface LabelModel {
  recipe_id: number;
  language: LabelLanguage;
  format: LabelFormat;
  title: string;
  serving_size: { household: string | null; grams: number; display: string; unit?: 'g' | 'mL' };
  servings_per_container: { value: number; display: string };
  nutrients: LabelNutrientRow[];
  footnote: string;
  claims: string[];
  allergen_statement: string | null;
  ingredient_statement: string | null;
  /** Canadian tables only. */
  front_of_pack?: FrontOfPack;
  /** Plain-language notes on choices the engine made (e.g. "recipe has no lines: all values are zero"). */
  notes: string[];
  /** False while any missing_nutrient or format_not_allowed warning is not accepted: not for print. */
  complete: boolean;
  warnings: LabelWarning[];
  /** Bilingual Canadian tables: French wording of the header lines. */
  bilingual?: {
    title_fr: string;
    serving_display_fr: string;
    footnote_fr: string;
    allergen_statement_fr: string | null;
    ingredient_statement_fr: string | null;
    /** "% valeur quotidienne*" */
    percent_dv_header_fr?: string;
    /** "environ 8 portions par contenant" */
    servings_display_fr?: string;
  };
  /** Dual-column FDA labels. */
  dual_column_titles?: [string, string];
  /** Simplified formats: "Not a significant source of ..." line. */
  not_significant_statement?: string | null;
  /** Statements that must accompany the claims, e.g. "See nutrition information for fat content" (21 CFR 101.13(h)). */
  disclosures?: string[];
  /** Column header of the %DV column: "% Daily Value*" / "% valeur quotidienne*". */
  percent_dv_header?: string;
}
