// Which recipes use an ingredient: blocks deleting it (API.md §2 "Delete": 409 naming the recipes).
import type { Executor } from '../db/schema.js';

export interface RecipeRef {
  id: number;
  name: string;
}

/** Recipes with a line on this ingredient. Until recipes exist in the schema, no recipe can use one. */
export async function ingredientUsage(_db: Executor, _ingredientId: number): Promise<RecipeRef[]> {
  return [];
}
