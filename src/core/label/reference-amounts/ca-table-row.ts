// A row of Health Canada's Table of Reference Amounts for Food as the table gives it (ca-table-2024.ts):
// the item number, its section, Column 1 (product category), Column 2 (reference amount) and Columns
// 3A/3B (how the serving of stated size is chosen and declared), one row per Column 2 entry.
export interface CaTableRow {
  item: string;
  /** 1 for an item's first Column 2 entry, 2 for its second, ... */
  entry: number;
  /** The section heading ("A. Bakery products and substitutes"). */
  category: string;
  /** Column 1. */
  product_category: string;
  /** Column 2 as the table words it ("75 g", "Amount to make 75 g final product", "40 g dry, / 250 mL prepared"). */
  column_2: string;
  /** The amount where Column 2 is a plain "<n> g" or "<n> mL"; null otherwise. */
  amount: number | null;
  unit: 'g' | 'mL' | null;
  /** Columns 3A (criteria) and 3B (units) of each case, "3A: ... | 3B: ...", cases joined by " || ". */
  serving_size_text: string;
}
