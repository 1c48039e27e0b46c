// The public ingredient library as the USDA importer writes it: lookups by fdc_id and name, and bulk
// inserts/updates of whole batches (the caller opens one transaction per batch).
import { sql, type Selectable } from 'kysely';
import type { Ingredient, IngredientFields } from '../../core/ingredient.js';
import type { Dialect, Executor } from '../schema.js';
import type { IngredientsTable } from '../tables/core.js';
import { fieldsToRow, rowToIngredient } from './ingredients.js';

type StoredRow = Selectable<IngredientsTable>;

export interface PublicEntry {
  id: number;
  name: string;
  fdcId: number | null;
  accountId: number | null;
}

// Keeps each IN list well under SQLite's and PostgreSQL's bound-parameter limits.
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The release key a library food is matched by on re-import: FDC's fdc_id, SR28's NDB_No (migration 038). */
export type LibraryKeyColumn = 'fdc_id' | 'ndb_no';

/** Rows already holding these keys (public or, exceptionally, private), by key. */
export async function findByKeys(db: Executor, column: LibraryKeyColumn, keys: readonly number[]): Promise<Map<number, StoredRow>> {
  const found = new Map<number, StoredRow>();
  for (const part of chunks(keys)) {
    const rows = await db.selectFrom('ingredients').selectAll().where(column, 'in', part).execute();
    for (const row of rows) {
      const key = row[column];
      if (key !== null) found.set(key, row); // always: the row matched `column IN (...)`
    }
  }
  return found;
}

/** Public ingredients holding any of these names, by name. */
export async function publicNamesIn(db: Executor, names: readonly string[]): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  for (const part of chunks([...new Set(names)])) {
    const rows = await db
      .selectFrom('ingredients')
      .select(['id', 'name'])
      .where('account_id', 'is', null)
      .where('name', 'in', part)
      .execute();
    for (const row of rows) owners.set(row.name, row.id);
  }
  return owners;
}

/** The public ingredient of this exact name (names are unique in the library), if there is one. */
export async function findPublicByName(db: Executor, name: string): Promise<Ingredient | undefined> {
  const row = await db.selectFrom('ingredients').selectAll().where('account_id', 'is', null).where('name', '=', name).executeTakeFirst();
  return row ? rowToIngredient(row) : undefined;
}

export type PublicRowValues = ReturnType<typeof fieldsToRow> & {
  fdc_id?: number;
  ndb_no?: number;
  common_head: string | null;
  common_score: number | null;
};

/** A FoodData Central row without a common form (tests and benchmarks seed rows this way). */
export function publicRowValues(fields: IngredientFields, fdcId: number): PublicRowValues {
  return libraryRowValues(fields, 'fdc_id', fdcId, null);
}

/** A library row: the fields, the release key, and the food's common form for search (src/core/usda/common-form.ts). */
export function libraryRowValues(
  fields: IngredientFields,
  keyColumn: LibraryKeyColumn,
  key: number,
  common: { head: string; score: number } | null,
): PublicRowValues {
  return { ...fieldsToRow(fields), [keyColumn]: key, common_head: common?.head ?? null, common_score: common?.score ?? null };
}

/** The columns whose stored value differs from what would be written (empty: nothing to do). */
export function changedColumns(stored: StoredRow, values: PublicRowValues): string[] {
  const changed: string[] = [];
  for (const [column, value] of Object.entries(values)) {
    if ((stored as Record<string, unknown>)[column] !== (value ?? null)) changed.push(column);
  }
  return changed;
}

export async function insertPublicRows(db: Executor, rows: readonly PublicRowValues[], now: string): Promise<void> {
  // 25 columns x 200 rows stays under SQLite's 32,766 bound parameters with room to spare.
  for (const part of chunks(rows, 200)) {
    await db
      .insertInto('ingredients')
      .values(part.map((r) => ({ ...r, account_id: null, created_at: now, updated_at: now })))
      .execute();
  }
}

export async function updatePublicRow(db: Executor, id: number, values: PublicRowValues, now: string): Promise<void> {
  await db
    .updateTable('ingredients')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * The newest release date among the public foods whose source starts with `titlePrefix`
 * ("USDA FoodData Central Foundation Foods "), or null when none is loaded. The importer writes the
 * source as "<title> YYYY-MM-DD, fdc_id N; ..." (src/core/usda/release.ts).
 */
export async function newestLoadedRelease(db: Executor, titlePrefix: string): Promise<string | null> {
  const row = await db
    .selectFrom('ingredients')
    .select(sql<string | null>`max(substr(source, ${sql.lit(titlePrefix.length + 1)}, 10))`.as('date'))
    .where('account_id', 'is', null)
    .where('fdc_id', 'is not', null)
    .where('source', 'like', `${titlePrefix}____-__-__,%`)
    .executeTakeFirst();
  return row?.date ?? null;
}

/**
 * After a bulk load (autovacuum may be minutes away): fresh planner statistics keep PostgreSQL on the
 * search indexes, and a set visibility map lets search walk migration 033's index without visiting
 * each row. VACUUM runs outside any transaction: `db` is the root handle, never a transaction.
 */
export async function refreshLibraryStatistics(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`VACUUM (ANALYZE) ingredients`.execute(db);
}
