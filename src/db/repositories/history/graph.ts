// The recipe graph as history walks it (docs/api.md#history): which recipes and accounts a change reaches.
import { sql } from 'kysely';
import type { Executor } from '../../schema.js';
import type { LatestRevision } from './revisions.js';

/**
 * The account's recipes whose tree holds any of `ingredientIds` or of the recipes `recipeIds` (as a
 * subrecipe), at any depth; `recipeIds` themselves only where one uses another.
 */
export async function recipesUsing(
  db: Executor,
  accountId: number,
  recipeIds: readonly number[],
  ingredientIds: readonly number[],
): Promise<number[]> {
  if (recipeIds.length === 0 && ingredientIds.length === 0) return [];
  const { rows } = await sql<{ id: number }>`${affectedRecipesCte(accountId, recipeIds, ingredientIds)} select id from affected`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

/**
 * recipesUsing for a change to ingredients, each recipe with its latest revision (when it has one),
 * in one statement. Only for a transaction no other history writer can interleave with: SQLite's,
 * which holds the database's write lock from its BEGIN. On PostgreSQL the recipes are locked between
 * finding them and reading their revisions (services/history ingredient-change.ts).
 */
export async function recipesUsingWithLatest(
  db: Executor,
  accountId: number,
  ingredientIds: readonly number[],
): Promise<{ recipeIds: number[]; latest: Map<number, LatestRevision> }> {
  if (ingredientIds.length === 0) return { recipeIds: [], latest: new Map() };
  const { rows } = await sql<{
    id: number;
    number: number | null;
    manifest: string | null;
  }>`${affectedRecipesCte(accountId, [], ingredientIds)}
    select a.id, r.number, r.manifest from affected a left join recipe_revisions r on r.recipe_id = a.id
      and r.number = (select max(n.number) from recipe_revisions n where n.recipe_id = a.id)`.execute(db);
  const latest = new Map<number, LatestRevision>();
  for (const row of rows) {
    if (row.number !== null && row.manifest !== null) latest.set(row.id, { recipe_id: row.id, number: row.number, manifest: row.manifest });
  }
  return { recipeIds: rows.map((row) => row.id), latest };
}

// Written as SQL: Kysely's builder took three quarters of this query's time building and compiling
// it on every write (BENCHMARKS.md "history"). UNION, not UNION ALL: a recipe reached twice is climbed
// from once. One recursive query: climbing a level at a time cost two statements a level.
function affectedRecipesCte(accountId: number, recipeIds: readonly number[], ingredientIds: readonly number[]) {
  const used = [
    ...(ingredientIds.length > 0 ? [sql`ri.ingredient_id in (${sql.join([...ingredientIds])})`] : []),
    ...(recipeIds.length > 0
      ? [sql`ri.ingredient_id in (select id from ingredients where subrecipe = 1 and recipe_id in (${sql.join([...recipeIds])}))`]
      : []),
  ];
  return sql`with recursive affected(id) as (
      select ri.recipe_id from recipe_ingredients ri join recipes r on r.id = ri.recipe_id
        where r.account_id = ${accountId} and (${sql.join(used, sql` or `)})
      union
      select ri.recipe_id from affected a
        join ingredients i on i.recipe_id = a.id and i.subrecipe = 1
        join recipe_ingredients ri on ri.ingredient_id = i.id
        join recipes r on r.id = ri.recipe_id
        where r.account_id = ${accountId}
    )`;
}

/** The accounts with a recipe line on any of `ingredientIds` (public-library foods), ascending. */
export async function accountsUsingIngredients(db: Executor, ingredientIds: readonly number[]): Promise<number[]> {
  if (ingredientIds.length === 0) return [];
  const rows = await db
    .selectFrom('recipe_ingredients')
    .innerJoin('recipes', 'recipes.id', 'recipe_ingredients.recipe_id')
    .select('recipes.account_id')
    .distinct()
    .where('recipe_ingredients.ingredient_id', 'in', [...ingredientIds])
    .orderBy('recipes.account_id')
    .execute();
  return rows.map((r) => r.account_id);
}
