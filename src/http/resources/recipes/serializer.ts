// The recipe's JSON (docs/api.md §3), made from its field table (fields/recipe.ts).
import { RECIPE_FIELDS } from './fields.js';
import { serializerOf } from '../shared/field-table.js';

export const recipeJson = serializerOf(RECIPE_FIELDS);
