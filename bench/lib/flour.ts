// The ingredient every benchmark seeds with: a cup of all-purpose flour, the fifteen required
// nutrients relative to weight1, put through the API's own ingredient rules so that seeded rows are
// what a create would store. Each bench adds what it needs (a name, water, allergens).
import { applyIngredientWrite } from '../../src/core/ingredient.js';

export const FLOUR_BODY = {
  name: 'Flour',
  description1: '1 cup',
  weight1: 125,
  calories: 455,
  protein: 12.9,
  fat: 1.2,
  fat_saturated: 0.2,
  fat_trans: 0,
  cholesterol: 0,
  carbohydrate: 95.4,
  fiber: 3.4,
  sugar: 0.3,
  added_sugar: 0,
  sodium: 2.5,
  calcium: 19,
  iron: 5.8,
  vitamin_a_IU: 0,
  vitamin_c: 0,
};

/** The stored fields of a flour with these changes (throws if the rules refuse them: a bench bug). */
export function flourFields(overrides: Record<string, unknown> = {}) {
  const write = applyIngredientWrite(null, { ...FLOUR_BODY, ...overrides });
  if (!write.ok) throw new Error(JSON.stringify(write.errors));
  return write.fields;
}
