// The label as data (docs/api.md#label-data). One model drives every view: JSON, SVG, PNG, PDF and HTML.
// Members may be added; none may be renamed (clients read this shape).

/**
 * A label language, as the API takes it ("en-US", "fr-CA"): one a registered market prints
 * (src/core/label/markets.ts labelLanguages lists them). Not a closed set: a market brings its own.
 */
export type LabelLanguage = string;

/** A label format ("fda_vertical", "eu_table"): one a registered market draws (markets.ts labelFormats). */
export type LabelFormat = string;

/** One column of an EU/UK row (docs/api.md#label-data, EU and UK): per 100 g/mL or per portion. */
export interface EuColumnValue {
  /** Declared amount (for "<x" forms the unrounded amount to 2 decimals); energy: kcal. */
  amount: number;
  /** As printed: "20 g", "<0,5 g", "1794 kJ / 428 kcal". */
  display: string;
  /** %RI (Annex XIII Part B) or %NRV (Part A); null on rows without a reference intake. */
  percent_ri: number | null;
  percent_ri_display: string | null;
  /** Energy row only: the two separate Annex XIV sums, rounded. */
  kj?: number;
  kcal?: number;
}

/** One column of an Australian / New Zealand panel row (docs/api.md#market-anz): per serving or per 100 g/mL. */
export interface AnzColumnValue {
  /** Declared amount, 3 significant figures (energy: kJ); null when unknown. */
  amount: number | null;
  /** As printed: "668 kJ (160 Cal)", "2.98 g", "75.3 mg", or "unknown". */
  display: string;
  /** %DI (FSANZ 1.2.8—8), per serving only; null elsewhere. */
  percent_di: number | null;
  percent_di_display: string | null;
  /** Energy row only. */
  kj?: number | null;
  /** Energy row only, when label_settings.show_calories. */
  cal?: number | null;
  /** Never on this market's columns: declared so code reading any label's column may ask for the EU members. */
  percent_ri?: never;
  percent_ri_display?: never;
}

/** One column of a Mexican declaration row (docs/api.md#market-mexico): per 100 g/mL or per portion. */
export interface MxColumnValue {
  amount: number | null;
  /** As printed: "480 kcal (2008 kJ)", "12.0 g", "400 mg", or "desconocido". */
  display: string;
  /** Energy row only. */
  kcal?: number | null;
  kj?: number | null;
  /** Never on this market's columns: declared so code reading any label's column may ask for the EU members. */
  percent_ri?: never;
  percent_ri_display?: never;
}

/** Mexico's front-of-pack warnings (NOM-051 4.5.3, 7.1.3-7.1.4): the octagons and legends the label needs. */
export interface MxFrontOfPackValue {
  /** "EXCESO CALORÍAS", ... in the fixed order of 4.5.3.4. */
  seals: string[];
  /** "CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS", "CONTIENE CAFEÍNA - EVITAR EN NIÑOS". */
  legends: string[];
  /** The phase of the warning system the thresholds are from. */
  phase: 1 | 2 | 3;
  /** Seals that rest on unknown values (or an unknown "added" fact): not decided. */
  undetermined: string[];
}

/** One box of the UK traffic-light panel (docs/api.md#uk-front-of-pack; docs/labeling.md#eu-uk). */
export interface UkFrontOfPackNutrient {
  key: 'energy' | 'fat' | 'fat_saturated' | 'sugar' | 'salt';
  /** "Energy", "Fat", "Saturates", "Sugars", "Salt". */
  name: string;
  /** Per portion, rounded by the Commission's 2012 guidance ("3.0g", "<0.01g"); null when unknown. */
  per_portion: { amount: number; display: string } | null;
  /** Energy only: whole kJ and kcal per portion. */
  kj?: number | null;
  kcal?: number | null;
  /** %RI per portion (Annex XIII Part B), whole percent; null when unknown. */
  percent_ri: number | null;
  percent_ri_display: string | null;
  /** Per 100 g, rounded as declared; null when unknown. */
  per_100: { amount: number; display: string } | null;
  /** low/medium/high and its colour; null for energy, and for an amount that is not coloured (see uncoloured). */
  level: 'low' | 'medium' | 'high' | null;
  colour: 'green' | 'amber' | 'red' | null;
  /** Why a colourable nutrient has no colour: its amount is unknown, or the food is a drink. */
  uncoloured: 'unknown' | 'drink_bands_unconfirmed' | null;
}

/** The UK's voluntary front-of-pack traffic-light panel, per portion with colours by the per-100 g bands. */
export interface UkFrontOfPackValue {
  scheme: 'uk_traffic_light';
  /** "Each portion (30g) contains". */
  heading: string;
  portion: { amount: number; unit: 'g' | 'mL'; display: string };
  nutrients: UkFrontOfPackNutrient[];
  /** "of an adult's reference intake". */
  ri_line: string;
  /** "Typical values (as sold) per 100g: Energy 1794kJ / 428kcal" (Art. 33(2)). */
  per_100_line: string;
  /** Art. 32(5). */
  ri_statement: string;
  /** Whether the portion-size rule for red was applied (label_settings.uk_large_portion_rule). */
  large_portion_rule: boolean;
  /** Every box is known and coloured: the panel is complete. */
  complete: boolean;
}

/** A run of the ingredient statement; allergens are emphasised (Regulation (EU) 1169/2011 Art. 21(1)(b)). */
export interface StatementRun {
  text: string;
  emphasis: boolean;
}

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
  /** EU/UK, Australia/New Zealand, Mexico: the per 100 g (or 100 mL) column. */
  per_100?: EuColumnValue | AnzColumnValue | MxColumnValue;
  /** EU/UK, Mexico: the per portion column; null when the recipe has no portion (EU/UK). */
  per_portion?: EuColumnValue | MxColumnValue | null;
  /** Australia/New Zealand: the per serving column. */
  per_serving?: AnzColumnValue;
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
  /** EU/UK: a vitamin or mineral asked for is below the Annex XIII significant amount: left out. */
  | 'not_significant'
  /** EU/UK: a beverage or liquid without a known density is declared per 100 g, not per 100 mL. */
  | 'missing_density'
  /** A nutrient content claim needs a reference amount (21 CFR 101.13, FDR B.01.500): none is set, so none is made. */
  | 'reference_amount_missing'
  /** A library food's ingredient statement name is the importer's, generated from the USDA description: check it. */
  | 'generated_statement_name'
  /** An energy factor for polyols used but not confirmed against the regulation's text (docs/labeling.md#polyol-energy). */
  | 'polyol_factor_unconfirmed'
  /** Polyols stated only as sugar_alcohol, without their names: counted at the highest factor (docs/labeling.md#polyol-energy). */
  | 'polyol_unnamed'
  /** A mandatory statement printed in a wording not confirmed against the regulation's text (docs/labeling.md#sweetener-statements). */
  | 'statement_wording_unconfirmed'
  /** The declared serving is not one the reference amount's rules give (docs/labeling.md#serving-size-rules): not for print until accepted. */
  | 'serving_size_not_permitted';

/** docs/api.md#trust-and-completeness: what stands between this label and print. */
export interface LabelWarning {
  code: LabelWarningCode;
  message: string;
  nutrient?: string;
  ingredient_ids?: number[];
  /** label_settings.accept_missing covers it: still said, no longer blocking. */
  accepted: boolean;
}

/** A statement the regulation requires of the food (docs/api.md#mandatory-statements). */
export interface MandatoryStatement {
  code: 'with_sweeteners' | 'with_sugars_and_sweeteners' | 'phenylalanine' | 'laxative';
  text: string;
  /** The paragraph that requires it. */
  rule: string;
  /** The wording was read in the regulation's own text; false: it was not, and the label warns (statement_wording_unconfirmed). */
  confirmed: boolean;
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
  /** Canadian tables: the "High in" symbol; Mexican labels: the warning octagons and legends. */
  front_of_pack?: FrontOfPack | MxFrontOfPackValue | UkFrontOfPackValue;
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
  /** EU/UK (Regulation (EU) 1169/2011 Art. 32(2)): the basis of the mandatory column. */
  basis?: '100g' | '100mL';
  /** EU/UK (Art. 33(1)): the portion the per-portion column is for; null without one. */
  portion?: { grams: number; display: string } | null;
  /** EU/UK (Art. 33(1)(c)): portions in the pack, as stated ("This pack contains 10 portions" is servings_per_container.display). */
  portions_per_pack?: number | null;
  /** EU/UK (Art. 32(5)): "Reference intake of an average adult (8 400 kJ/2 000 kcal)" in the label's language. */
  ri_statement?: string | null;
  /** EU/UK: the column headings in the label's language. */
  column_headers?: { per_100: string; per_portion: string | null; percent_ri: string };
  /** The ingredient statement as runs, allergens emphasised (EU Art. 21(1)(b); FSANZ 1.2.3—4). */
  ingredient_statement_runs?: StatementRun[];
  /** Australia/New Zealand: the "Contains: ..." summary as runs, the required names in bold (FSANZ 1.2.3—4). */
  allergen_statement_runs?: StatementRun[];
  /**
   * EU/UK, Australia/New Zealand: the statements the food's sweeteners and polyols require, in the label's
   * language (Regulation (EU) 1169/2011 Annex III point 2; FSANZ Standard 1.2.3), printed under the
   * ingredients (docs/labeling.md#sweetener-statements). Present (possibly empty) on those markets' labels.
   */
  mandatory_statements?: MandatoryStatement[];
  /** Australia/New Zealand, Mexico: the two column titles, per serving (portion) and per 100 g/mL. */
  column_titles?: [string, string];
  /** Australia/New Zealand: "% Daily Intake* (per serving)" when label_settings.percent_daily_intake; else null. */
  percent_di_header?: string | null;
}
