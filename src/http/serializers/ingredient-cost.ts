// JSON shape of an ingredient cost (docs/api.md §5), made from its field table (fields/ingredient-cost.ts).
import { INGREDIENT_COST_FIELDS } from '../fields/ingredient-cost.js';
import { serializerOf } from '../fields/table.js';

export const ingredientCostJson = serializerOf(INGREDIENT_COST_FIELDS);
