// The recipe_ingredients table (lines of a recipe): the only place that knows its SQL.
import { pushTo } from '../../lib/group.js';
import type { RecipeLine } from '../../core/recipe/types.js';
import { lockRows, type RowLock } from '../locks.js';
import type { Executor } from '../schema.js';
import type { RecipeIngredientsTable } from '../tables/recipes.js';

type Row = Omit<RecipeIngredientsTable, 'id'> & { id: number };

export const rowToLine = (row: Row): RecipeLine => ({ ...row });

export interface LineValues {
  ingredient_id: number;
  unit: string;
  quantity: number;
  waste: number;
  total_grams: number;
}

export async function insertLines(db: Executor, recipeId: number, lines: readonly LineValues[], now: string): Promise<RecipeLine[]> {
  if (lines.length === 0) return [];
  const rows = await db
    .insertInto('recipe_ingredients')
    .values(lines.map((l) => ({ ...l, recipe_id: recipeId, created_at: now, updated_at: now })))
    .returningAll()
    .execute();
  return rows.map(rowToLine).sort((a, b) => a.id - b.id);
}

/** The line's amount, and its ingredient when one replaces another. */
export async function updateLineRow(
  db: Executor,
  id: number,
  values: Omit<LineValues, 'ingredient_id'> & { ingredient_id?: number },
  now: string,
): Promise<RecipeLine> {
  const row = await db
    .updateTable('recipe_ingredients')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowToLine(row);
}

export async function deleteLineRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('recipe_ingredients').where('id', '=', id).execute();
}

export async function findLine(db: Executor, recipeId: number, id: number): Promise<RecipeLine | undefined> {
  const row = await db
    .selectFrom('recipe_ingredients')
    .selectAll()
    .where('id', '=', id)
    .where('recipe_id', '=', recipeId)
    .executeTakeFirst();
  return row ? rowToLine(row) : undefined;
}

/** Lines of several recipes in one query, grouped by recipe, in the order they were added. */
export async function linesOfRecipes(db: Executor, recipeIds: readonly number[]): Promise<Map<number, RecipeLine[]>> {
  const grouped = new Map<number, RecipeLine[]>();
  if (recipeIds.length === 0) return grouped;
  const rows = await db
    .selectFrom('recipe_ingredients')
    .selectAll()
    .where('recipe_id', 'in', [...new Set(recipeIds)])
    .orderBy('recipe_id')
    .orderBy('id')
    .execute();
  for (const id of recipeIds) grouped.set(id, []);
  for (const row of rows) pushTo(grouped, row.recipe_id, rowToLine(row));
  return grouped;
}

/** Recipes (id, name) with a line on this ingredient: what blocks deleting it. */
export async function recipesUsingIngredient(db: Executor, ingredientId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('recipe_ingredients')
    .innerJoin('recipes', 'recipes.id', 'recipe_ingredients.recipe_id')
    .select(['recipes.id', 'recipes.name'])
    .where('recipe_ingredients.ingredient_id', '=', ingredientId)
    .groupBy(['recipes.id', 'recipes.name'])
    .orderBy('recipes.id')
    .execute();
}

/** The account's lines on this ingredient with their recipe's name, by recipe then line id. */
export async function ownLinesUsingIngredient(
  db: Executor,
  accountId: number,
  ingredientId: number,
): Promise<Array<RecipeLine & { recipe_name: string }>> {
  const rows = await db
    .selectFrom('recipe_ingredients')
    .innerJoin('recipes', 'recipes.id', 'recipe_ingredients.recipe_id')
    .selectAll('recipe_ingredients')
    .select('recipes.name as recipe_name')
    .where('recipe_ingredients.ingredient_id', '=', ingredientId)
    .where('recipes.account_id', '=', accountId)
    .orderBy('recipe_ingredients.recipe_id')
    .orderBy('recipe_ingredients.id')
    .execute();
  return rows.map((row) => ({ ...rowToLine(row), recipe_name: row.recipe_name }));
}

/** The subrecipe ingredient(s) an account made from a recipe (create_subrecipe is idempotent: normally one). */
export async function subrecipeIngredientIds(db: Executor, recipeId: number, accountId: number, lock?: RowLock): Promise<number[]> {
  const query = db
    .selectFrom('ingredients')
    .select('id')
    .where('recipe_id', '=', recipeId)
    .where('subrecipe', '=', 1)
    .where('account_id', '=', accountId)
    .orderBy('id');
  const rows = await lockRows(db, query, lock).execute();
  return rows.map((r) => r.id);
}
