// Which recipes use an ingredient: blocks deleting it (docs/api.md#ingredient-delete: 409 naming the recipes).
import { recipesUsingIngredient } from '../../db/repositories/recipes-lines.js';
import type { Executor } from '../../db/schema.js';

export interface RecipeRef {
  id: number;
  name: string;
}

/** Recipes with a line on this ingredient. */
export async function ingredientUsage(db: Executor, ingredientId: number): Promise<RecipeRef[]> {
  return recipesUsingIngredient(db, ingredientId);
}
