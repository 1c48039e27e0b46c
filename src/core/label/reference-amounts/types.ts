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
  unit: 'g' | 'mL';
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
}
