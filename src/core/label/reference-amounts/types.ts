// One row of a table of reference amounts: US (21 CFR 101.12(b) Tables 2 and 1, "RACC"; 9 CFR
// 317.312(b) and 381.412(b) for meat and poultry) or Health Canada's Table of Reference Amounts for Food
// (incorporated by reference in FDR B.01.001).

export type ReferenceCountry = 'US' | 'CA';

export interface ReferenceAmount {
  /** Stable key a recipe's label_settings names (racc_category / reference_amount_category). */
  key: string;
  /** The table's group heading, e.g. "Bakery products". */
  group: string;
  /** The product category as the table words it. */
  product_category: string;
  /** The reference amount; null where the table gives no fixed amount (e.g. "amount to make one reference amount"). */
  amount: number | null;
  /** null only where the table states no unit (Canada's item X.1, meal replacements). */
  unit: 'g' | 'mL' | null;
  /** Where the table states a household measure ("1 tbsp"): the measure; `amount` is then its labeling volume. */
  household: string | null;
  /** The table's label statement: how the serving is declared. */
  label_statement: string;
  /** Conditions the table attaches to the row. */
  note?: string;
  /**
   * Where the row was taken from: the regulation's own text, or which secondary copy of it (a row from a
   * secondary copy says so, docs/labeling.md#reference-amounts).
   */
  source: string;
  /** Canada: the table's item number ("A.10"). */
  item?: string;
  /** Canada: 1 for the item's first Column 2 entry, 2 for its second, ... */
  entry?: number;
  /** Canada: Column 2 as the table words it ("75 g", "Amount to make 75 g final product"). */
  reference_amount_text?: string;
  /**
   * Canada: a row of the unprepared food ("Amount to make 75 g final product"): the amount of the prepared
   * food it makes; null otherwise.
   */
  amount_to_make?: { amount: number; unit: 'g' | 'mL' } | null;
  /** Canada: Columns 3A/3B, how the serving of stated size is chosen and declared, case by case. */
  serving_size?: ServingSizeCase[];
}

/** One case of Columns 3A/3B of Canada's table ("Sliced bread": HM 2 slices, MM the weight of the HM; "2 slices (# g)"). */
export interface ServingSizeCase {
  /** When the case applies ("Sliced bread"); null where the item has one case. */
  criteria: string | null;
  /** Column 3A's household measure (HM). */
  household: string | null;
  /** Column 3A's metric measure (MM). */
  metric: string | null;
  /** Column 3B: how the serving is written ("2 slices (# g)"). */
  units: string[];
}
