// What spreadsheet imports and exports read and write beyond the other repositories (docs/api.md#bulk-work):
// an account's records whole (to match rows by id, sku or exact name) and in id-ordered pages (to
// stream an export without holding it), a cost entry's supplier, and the reports of imports.
import { pushTo } from '../../lib/group.js';
import { must } from '../../lib/must.js';
import type { Ingredient, IngredientFields } from '../../core/ingredient.js';
import type { IngredientCost } from '../../core/costing/entry.js';
import type { Recipe } from '../../core/recipe/types.js';
import { searchText } from '../../lib/text.js';
import type { Selectable } from 'kysely';
import { lockRows, type RowLock } from '../locks.js';
import { readAll } from '../prepared.js';
import type { IngredientsTable } from '../tables/core.js';
import type { Executor } from '../schema.js';
import { fieldsToRow, rowToIngredient } from './ingredients.js';
import { rowToRecipe } from './recipes.js';

// Read with readAll: outside a transaction, SQLite's read connection answers (an import checks its rows
// there, never waiting behind the one writer); in one, the transaction does.

/** Every ingredient the account owns (subrecipe ones included: rows may not name them). */
export async function allOwnIngredients(db: Executor, accountId: number): Promise<Ingredient[]> {
  const rows = await readAll(db, db.selectFrom('ingredients').selectAll().where('account_id', '=', accountId).orderBy('id'));
  return rows.map(rowToIngredient);
}

export type IngredientRow = Selectable<IngredientsTable>;

/**
 * Every ingredient row the account owns as stored, by id: to compare one reading with a later one.
 * `lock` holds them until the transaction ends (PostgreSQL; see src/db/locks.ts).
 */
export async function ownIngredientRows(db: Executor, accountId: number, lock?: RowLock): Promise<IngredientRow[]> {
  const query = db.selectFrom('ingredients').selectAll().where('account_id', '=', accountId).orderBy('id');
  return lock === undefined ? readAll(db, query) : lockRows(db, query, lock).execute();
}

/** The account's tags on every ingredient, by ingredient id. */
export async function allOwnTags(db: Executor, accountId: number): Promise<Map<number, string[]>> {
  const rows = await readAll(
    db,
    db.selectFrom('ingredient_tags').select(['ingredient_id', 'name']).where('account_id', '=', accountId).orderBy('name'),
  );
  const tags = new Map<number, string[]>();
  for (const row of rows) pushTo(tags, row.ingredient_id, row.name);
  return tags;
}

/** Public library ingredients with exactly these names (public names are unique). */
export async function publicIngredientsNamed(db: Executor, names: readonly string[]): Promise<Map<string, Ingredient>> {
  const found = new Map<string, Ingredient>();
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('ingredients')
      .selectAll()
      .where('account_id', 'is', null)
      .where('name', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.name, rowToIngredient(row));
  }
  return found;
}

/**
 * Public library ingredients whose names may equal these but for case: the candidates by the stored
 * lower-case, accent-free search_name (the caller keeps those that differ only in case).
 */
export async function publicIngredientsNamedInAnyCase(db: Executor, names: readonly string[]): Promise<Ingredient[]> {
  const found: Ingredient[] = [];
  const unique = [...new Set(names.map(searchText))];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('ingredients')
      .selectAll()
      .where('account_id', 'is', null)
      .where('search_name', 'in', unique.slice(i, i + 500))
      .execute();
    found.push(...rows.map(rowToIngredient));
  }
  return found;
}

export async function allOwnRecipes(db: Executor, accountId: number): Promise<Recipe[]> {
  const rows = await db.selectFrom('recipes').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  return rows.map(rowToRecipe);
}

/** The next page of the account's own, non-subrecipe ingredients after `afterId`, by id. */
export async function ownIngredientPage(db: Executor, accountId: number, afterId: number, limit: number): Promise<Ingredient[]> {
  const rows = await db
    .selectFrom('ingredients')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('subrecipe', '=', 0)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(rowToIngredient);
}

export async function ownRecipePage(db: Executor, accountId: number, afterId: number, limit: number): Promise<Recipe[]> {
  const rows = await db
    .selectFrom('recipes')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(rowToRecipe);
}

export type CostWithSupplier = IngredientCost & { supplier: string | null };

export async function ownCostPage(db: Executor, accountId: number, afterId: number, limit: number): Promise<CostWithSupplier[]> {
  const rows = await db
    .selectFrom('ingredient_costs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), price: Number(r.price), shipping: Number(r.shipping) }));
}

export async function costSupplier(db: Executor, accountId: number, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('ingredient_costs')
    .select('supplier')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.supplier ?? null;
}

export async function setCostSupplier(db: Executor, accountId: number, id: number, supplier: string | null): Promise<void> {
  await db.updateTable('ingredient_costs').set({ supplier }).where('id', '=', id).where('account_id', '=', accountId).execute();
}

/**
 * New ingredients in multi-row inserts (one statement per batch instead of one per row: a 10,000-row
 * import spent most of its time in single-row round trips), with their tags. Returns the ids in order.
 */
export async function insertIngredientBatch(
  db: Executor,
  accountId: number,
  items: ReadonlyArray<{ fields: IngredientFields; tags: readonly string[] }>,
  now: string,
): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insertInto('ingredients')
    .values(items.map((i) => ({ ...fieldsToRow(i.fields), account_id: accountId, fdc_id: null, created_at: now, updated_at: now })))
    .returning('id')
    .execute();
  // Returned in insert order on both databases (one statement, ids from one sequence); sorted to be sure.
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  const tags = items.flatMap((item, n) =>
    item.tags.map((name) => ({ account_id: accountId, ingredient_id: must(ids[n], 'the id of an inserted row'), name })),
  );
  for (let i = 0; i < tags.length; i += 1000)
    await db
      .insertInto('ingredient_tags')
      .values(tags.slice(i, i + 1000))
      .execute();
  return ids;
}

/** Keeps an import's report (JSON text) under its id. */
export async function insertImportReport(db: Executor, row: { id: string; account_id: number; created_at: string; report: string }) {
  await db.insertInto('import_reports').values(row).execute();
}

/** The report of one of the account's imports (JSON text); undefined for an unknown id or another account's. */
export async function findImportReport(db: Executor, accountId: number, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('import_reports')
    .select('report')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.report;
}

/** Deletes the reports of imports made before `before` (ISO); returns how many. */
export async function pruneImportReports(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('import_reports').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
