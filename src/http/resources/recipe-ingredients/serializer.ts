// A recipe ingredient's JSON (docs/api.md §4), made from its field table (fields/recipe-ingredient.ts).
import type { LineResult } from '../../../core/recipe/engine.js';
import { RECIPE_INGREDIENT_FIELDS } from './fields.js';
import { serializerOf } from '../shared/field-table.js';

const toJson = serializerOf(RECIPE_INGREDIENT_FIELDS);

export function recipeIngredientJson(result: LineResult, options: { withUnits: boolean }): ReturnType<typeof toJson> {
  return toJson({ result, withUnits: options.withUnits });
}
