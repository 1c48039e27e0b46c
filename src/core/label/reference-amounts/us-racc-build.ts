// How the rows of the US tables are written down (us-racc.ts, us-racc-transcribed.ts, us-fsis.ts,
// us-racc-table1.ts): the group headings in the tables' order, the recurring label statements, and small
// builders. The US list is 21 CFR 101.12(b) Table 2 (FDA, general food supply) in its own group order,
// then USDA FSIS's tables for meat (9 CFR 317.312(b) Table 2) and poultry (9 CFR 381.412(b) Table 2),
// then 21 CFR 101.12(b) Table 1 (foods for infants and young children 1 through 3 years of age).
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
/** 9 CFR 317.312(b) Table 2: meat products (USDA FSIS; FDA's Table 2 has no meat or poultry group). */
export const FSIS_MEAT = 'Meat products (USDA FSIS)';
/** 9 CFR 381.412(b) Table 2: poultry products (USDA FSIS). */
export const FSIS_POULTRY = 'Poultry products (USDA FSIS)';
/** 21 CFR 101.12(b) Table 1. */
export const INFANTS_YOUNG_CHILDREN = 'Foods for infants and young children 1 through 3 years of age';

/**
 * The US groups in order: 21 CFR 101.12(b) Table 2's groups in that table's order, then the FSIS tables,
 * then Table 1. GET /v1/reference_amounts lists rows group by group.
 */
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
  FSIS_MEAT,
  FSIS_POULTRY,
  INFANTS_YOUNG_CHILDREN,
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

/** Rows ordered group by group as US_GROUP_ORDER orders the groups; within a group, in the order given. */
export function inTableOrder(rows: readonly ReferenceAmount[]): ReferenceAmount[] {
  const rank = (row: ReferenceAmount) => {
    const at = US_GROUP_ORDER.indexOf(row.group);
    if (at < 0) throw new Error(`reference amount ${row.key}: group "${row.group}" is not a group of the US tables`);
    return at;
  };
  return [...rows].sort((a, b) => rank(a) - rank(b));
}
