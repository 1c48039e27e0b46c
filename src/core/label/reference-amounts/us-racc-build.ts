// How the rows of 21 CFR 101.12(b) Table 2 are written down (us-racc.ts, us-racc-transcribed.ts): the
// table's group headings in the table's order, its recurring label statements, and small builders.
// Household measures are read with the labeling volumes of 21 CFR 101.9(b)(5)(viii): 1 cup = 240 mL,
// 1 tbsp = 15 mL, 1 tsp = 5 mL.
import type { ReferenceAmount } from './types.js';

export const BAKERY = 'Bakery products';
export const BEVERAGES = 'Beverages';
export const CEREALS = 'Cereals and other grain products';
export const DAIRY = 'Dairy products and substitutes';
export const DESSERTS = 'Desserts';
export const DESSERT_TOPPINGS = 'Dessert toppings and fillings';
export const EGGS = 'Egg and egg substitutes';
export const FATS = 'Fats and oils';
export const FISH = 'Fish, shellfish, game meats, and meat or poultry substitutes';
export const FRUITS = 'Fruits and fruit juices';
export const LEGUMES = 'Legumes';
export const MEAT = 'Meat and poultry';
export const MISC = 'Miscellaneous category';
export const MIXED = 'Mixed dishes';
export const NUTS = 'Nuts and seeds';
export const POTATOES = 'Potatoes and sweet potatoes/yams';
export const SALADS = 'Salads';
export const SAUCES = 'Sauces, dips, gravies, and condiments';
export const SNACKS = 'Snacks';
export const SOUPS = 'Soups';
export const SWEETS = 'Sugars and sweets';
export const VEGETABLES = 'Vegetables';

/** Table 2's groups in the table's order: GET /v1/reference_amounts lists rows group by group. */
export const US_GROUP_ORDER: readonly string[] = [
  BAKERY,
  BEVERAGES,
  CEREALS,
  DAIRY,
  DESSERTS,
  DESSERT_TOPPINGS,
  EGGS,
  FATS,
  FISH,
  FRUITS,
  LEGUMES,
  MEAT,
  MISC,
  MIXED,
  NUTS,
  POTATOES,
  SALADS,
  SAUCES,
  SNACKS,
  SOUPS,
  SWEETS,
  VEGETABLES,
];

export const PIECES = '__ piece(s) (__ g)';
export const SLICES =
  '__ piece(s) (__ g) for distinct pieces (e.g., sliced or individually packaged products); __ fractional slice (__ g) for large discrete units';

/** A row before its source is attached (`sourced`). */
export type UnsourcedRow = Omit<ReferenceAmount, 'source'>;

/** A row whose reference amount is a weight; `amount` null where the table gives no fixed amount. */
export const g = (
  key: string,
  group: string,
  product_category: string,
  amount: number | null,
  label_statement: string,
  note?: string,
): UnsourcedRow => ({
  key,
  group,
  product_category,
  amount,
  unit: 'g',
  household: null,
  label_statement,
  ...(note ? { note } : {}),
});

/** A row whose reference amount is a household measure ("1 tbsp"), held as its labeling volume in mL. */
export const measure = (
  key: string,
  group: string,
  product_category: string,
  household: string,
  ml: number,
  label_statement: string,
  note?: string,
): UnsourcedRow => ({ key, group, product_category, amount: ml, unit: 'mL', household, label_statement, ...(note ? { note } : {}) });

/** A row whose reference amount the table states in mL ("360 mL"). */
export const ml = (
  key: string,
  group: string,
  product_category: string,
  amount: number,
  label_statement: string,
  note?: string,
): UnsourcedRow => ({
  key,
  group,
  product_category,
  amount,
  unit: 'mL',
  household: null,
  label_statement,
  ...(note ? { note } : {}),
});

export const sourced = (source: string, rows: readonly UnsourcedRow[]): ReferenceAmount[] => rows.map((row) => ({ ...row, source }));

/** Rows ordered group by group as Table 2 orders its groups; within a group, in the order given. */
export function inTableOrder(rows: readonly ReferenceAmount[]): ReferenceAmount[] {
  const rank = (row: ReferenceAmount) => {
    const at = US_GROUP_ORDER.indexOf(row.group);
    if (at < 0) throw new Error(`reference amount ${row.key}: group "${row.group}" is not a group of Table 2`);
    return at;
  };
  return [...rows].sort((a, b) => rank(a) - rank(b));
}
