// JSON shape of an ingredient cost (docs/api.md §5), made from its field table (fields/ingredient-cost.ts).
import { INGREDIENT_COST_FIELDS } from './fields.js';
import { serializerOf } from '../shared/field-table.js';

export const ingredientCostJson = serializerOf(INGREDIENT_COST_FIELDS);
