// The examples of the OpenAPI document are whole responses, as the API answers them. The members a
// response carries as null (nutrients nobody knows, unit slots not used) are filled in here, so an
// example lists only what it says; the document shows the full object all the same.
import { NUTRIENTS } from '../../../core/nutrients.js';
import { INGREDIENT_FIELDS } from '../ingredients/fields.js';

const NUTRIENT_KEYS = new Set(NUTRIENTS.map((n) => n.key));
const isUnusedSlot = (key: string) => /^(description|weight)([2-9]|1[0-5])$/.test(key);

/** An ingredient as responses return it: `given`, in the field table's order, with every other nutrient and unit slot null. */
export function ingredientExample(given: Record<string, unknown>): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  for (const key of Object.keys(INGREDIENT_FIELDS)) {
    if (key in given) example[key] = given[key];
    else if (NUTRIENT_KEYS.has(key) || isUnusedSlot(key)) example[key] = null;
  }
  return example;
}

/** A nutrient map (a recipe's `nutrition`): every nutrient, null where not given. */
export function nutrientsExample(given: Record<string, number>): Record<string, number | null> {
  return Object.fromEntries(NUTRIENTS.map((n) => [n.key, given[n.key] ?? null]));
}
