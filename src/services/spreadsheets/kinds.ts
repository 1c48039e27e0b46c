// What a spreadsheet holds: the three kinds of docs/api.md#bulk-work and, for each, its columns (the API's
// field names) and how each column's text becomes a value the services' rules read.
import { INGREDIENT_FLAGS } from '../../core/ingredient.js';
import { NUTRIENTS } from '../../core/nutrients.js';
import { MAX_UNIT_SLOTS } from '../../core/units.js';

import type { ImportKind } from '../../core/spreadsheet-kinds.js';
import { LANGUAGE_COLUMNS } from './language-columns.js';

export { IMPORT_KINDS, type ImportKind } from '../../core/spreadsheet-kinds.js';

/**
 * How a cell is read. Blank cells: `text`, `number` and `money` are null (the field is cleared);
 * `count`, `boolean` and `json` are left out (the field keeps its value, or its default on create).
 * `money` is a number that may carry a currency sign and thousands separators (money.ts).
 */
export type ColumnType = 'id' | 'text' | 'number' | 'money' | 'count' | 'boolean' | 'allergens' | 'json';

export interface Column {
  name: string;
  type: ColumnType;
}

const col = (name: string, type: ColumnType): Column => ({ name, type });

const UNIT_SLOTS: Column[] = Array.from({ length: MAX_UNIT_SLOTS }, (_, i) => [
  col(`description${i + 1}`, 'text'),
  col(`weight${i + 1}`, 'number'),
]).flat();

/** Ingredients: nutrients per 100 g, as the API returns them (so an export reads back unchanged), unless a row's nutrient_basis is weight1. */
export const INGREDIENT_COLUMNS: readonly Column[] = [
  col('id', 'id'),
  col('name', 'text'),
  col('name_fr', 'text'),
  col('brand', 'text'),
  col('source', 'text'),
  col('ingredient_list', 'text'),
  col('ingredient_list_fr', 'text'),
  ...LANGUAGE_COLUMNS,
  col('food', 'boolean'),
  col('non_food', 'text'),
  col('safety_amount', 'number'),
  col('archived', 'boolean'),
  col('sugars_based', 'boolean'),
  ...INGREDIENT_FLAGS.map((flag) => col(flag, 'boolean')),
  // Comma-separated keys ("sucralose, steviol_glycosides"); blank: none.
  col('intense_sweeteners', 'text'),
  col('allergens', 'allergens'),
  col('tag_list', 'text'),
  ...UNIT_SLOTS,
  // per_100g (the default here: what exports write) or weight1 (the API's wire format), per row.
  col('nutrient_basis', 'text'),
  ...NUTRIENTS.map((n) => col(n.key, 'number')),
];

/** Recipe fields: read from the first row of each recipe. */
export const RECIPE_FIELD_COLUMNS: readonly Column[] = [
  col('id', 'id'),
  col('recipe_name', 'text'),
  col('sku', 'text'),
  col('name_fr', 'text'),
  col('preparation', 'text'),
  col('subrecipe_name', 'text'),
  col('package_yield_quantity', 'number'),
  col('package_yield_unit', 'text'),
  col('servings', 'count'),
  col('packages', 'count'),
  col('suggested_serving', 'text'),
  col('visual_unit_of_measure', 'text'),
  col('prepared_serving_note', 'text'),
  col('ingredient_list', 'text'),
  col('ingredient_list_fr', 'text'),
  ...LANGUAGE_COLUMNS,
  col('labor_cost', 'money'),
  col('overhead_cost', 'money'),
  col('packaging_cost', 'money'),
  col('tags', 'text'),
  col('allergens', 'allergens'),
  col('label_settings', 'json'),
  col('archived', 'boolean'),
];

/** Line fields: every row is one line of its recipe (a row with none of them: a recipe without lines). */
export const LINE_COLUMNS: readonly Column[] = [
  col('ingredient_id', 'id'),
  col('ingredient_name', 'text'),
  col('unit', 'text'),
  col('quantity', 'number'),
  col('total_grams', 'number'),
  col('waste', 'number'),
];

export const RECIPE_COLUMNS: readonly Column[] = [...RECIPE_FIELD_COLUMNS, ...LINE_COLUMNS];

/** Costs match by id, else by ingredient and date (one entry per ingredient per date, docs/api.md#costs). */
export const COST_COLUMNS: readonly Column[] = [
  col('id', 'id'),
  col('ingredient_id', 'id'),
  col('ingredient_name', 'text'),
  col('supplier', 'text'),
  col('effective_at', 'text'),
  col('quantity', 'number'),
  col('unit', 'text'),
  col('price', 'money'),
  col('shipping', 'money'),
];

export const COLUMNS: Record<ImportKind, readonly Column[]> = {
  ingredients: INGREDIENT_COLUMNS,
  recipes: RECIPE_COLUMNS,
  ingredient_costs: COST_COLUMNS,
};

/** The column that names a record when it has no id: required in the header. */
export const NAME_COLUMN: Record<ImportKind, string> = { ingredients: 'name', recipes: 'recipe_name', ingredient_costs: 'effective_at' };
