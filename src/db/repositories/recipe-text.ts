// What matching recipe lines reads (docs/api.md#recipe-text): the public library's foods with their household
// measures, the library's version (migrations 033 and 058), and the account's own ingredients whose
// names hold a line's words. Never another account's rows.
import { type RawBuilder, sql } from 'kysely';
import type { FoodRow } from '../../core/recipe-text/foods.js';
import { readRaw } from '../prepared.js';
import type { Db, Dialect, Executor } from '../schema.js';

interface Row {
  id: number;
  name: string;
  source: string | null;
  account_id: number | null;
  category: string | null;
  portions: string;
  subrecipe: number;
}

const toFood = (r: Row): FoodRow => ({
  id: Number(r.id),
  name: r.name,
  source: r.source,
  account_id: r.account_id === null ? null : Number(r.account_id),
  category: r.category,
  portions: JSON.parse(r.portions),
  subrecipe: Number(r.subrecipe) === 1,
});

const COLUMNS = sql`i.id, i.name, i.source, i.account_id, i.category, i.portions, i.subrecipe`;

/** The library's version: it grows with every write of a public ingredient (migrations 033 and 058). */
export async function libraryVersion(db: Db): Promise<string> {
  const [row] = await readRaw(db, sql<{ version: string | number }>`SELECT version FROM library_version WHERE id = 1`);
  return String(row?.version ?? 0);
}

/** Every food of the public library (not archived, not a non-food item), and the version it was read at. */
export async function libraryFoods(db: Db, dialect: Dialect): Promise<{ version: string; rows: FoodRow[] }> {
  // One snapshot for both: on PostgreSQL a repeatable-read transaction; SQLite's read runs on one connection.
  const read = async (tx: Executor) => {
    const [v] = await sql<{ version: string | number }>`SELECT version FROM library_version WHERE id = 1`.execute(tx).then((r) => r.rows);
    const rows =
      await sql<Row>`SELECT ${COLUMNS} FROM ingredients i WHERE i.account_id IS NULL AND i.archived = 0 AND i.food = 1 ORDER BY i.id`
        .execute(tx)
        .then((r) => r.rows);
    return { version: String(v?.version ?? 0), rows: rows.map(toFood) };
  };
  if (dialect === 'postgres') return db.transaction().setIsolationLevel('repeatable read').execute(read);
  return db.transaction().execute(read);
}

/** Most own ingredients read for one parse: enough for any recipe, bounded for an account with very many. */
export const OWN_CANDIDATES = 500;

/**
 * The account's own food ingredients (not archived) whose name holds any of the words, through the
 * account's name index (instr on SQLite, strpos on PostgreSQL). Words are lower-case and accent-free,
 * as search_name is.
 */
export async function ownFoodsHolding(db: Db, dialect: Dialect, accountId: number, words: readonly string[]): Promise<FoodRow[]> {
  if (words.length === 0) return [];
  const holds = (w: string): RawBuilder<unknown> =>
    dialect === 'sqlite' ? sql`instr(i.search_name, ${w}) > 0` : sql`strpos(i.search_name, ${w}) > 0`;
  const rows = await readRaw(
    db,
    sql<Row>`SELECT ${COLUMNS} FROM ingredients i WHERE i.account_id = ${accountId} AND i.archived = 0 AND i.food = 1
      AND (${sql.join(words.map(holds), sql` OR `)}) ORDER BY i.id LIMIT ${sql.lit(OWN_CANDIDATES)}`,
  );
  return rows.map(toFood);
}
