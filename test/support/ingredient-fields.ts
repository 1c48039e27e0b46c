// The stored fields of a plain test ingredient (a library food or an account's own), for tests that
// seed rows directly: every field present, nothing a search or a label reads set by accident.
import type { IngredientFields, WrittenFields } from '../../src/core/ingredient.js';

export function plainIngredientFields(name: string, overrides: Partial<IngredientFields> = {}): WrittenFields {
  return {
    name,
    name_fr: null,
    recipe_id: null,
    brand: null,
    source: 'test',
    ingredient_list: null,
    ingredient_list_fr: null,
    names: {},
    ingredient_lists: {},
    allergens: {},
    allergens_inferred: false,
    sugars_based: null,
    usda_verified: false,
    user_verified: false,
    archived: false,
    food: true,
    non_food: null,
    safety_amount: null,
    subrecipe: false,
    portions: [{ description: '100 gram', weight: 100 }],
    nutrients: { calories: 1 },
    category: null,
    statement_name: null,
    statement_name_generated: false,
    nutrients_inferred: {},
    ...overrides,
  };
}
