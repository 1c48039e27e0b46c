// The ingredient_costs table: the only place that knows its SQL. Every query is scoped to one account:
// costs are per account even on shared public ingredients (docs/api.md#costs).
import type { Statement } from 'better-sqlite3';
import { PostgresAdapter, sql, type Selectable } from 'kysely';
import type { CostEntry, IngredientCost } from '../../core/costing/entry.js';
import { readerFor } from '../connect.js';
import { lockRows, type RowLock } from '../locks.js';
import { preparedQuery } from '../prepared.js';
import type { Executor } from '../schema.js';
import type { IngredientCostsTable } from '../tables/costs.js';

type Row = Selectable<IngredientCostsTable>;

function rowToCost(row: Row): IngredientCost {
  return {
    id: row.id,
    account_id: row.account_id,
    ingredient_id: row.ingredient_id,
    effective_at: row.effective_at,
    quantity: Number(row.quantity),
    unit: row.unit,
    price: Number(row.price),
    shipping: Number(row.shipping),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** How many versions of cost changes each account keeps at least: a cache further behind re-reads everything. */
const COST_CHANGES_KEPT = 1000;

// Every write, in the caller's transaction, bumps the account's cost version and records the ingredient
// it changed under the new version, so a cached copy of the account's active prices on any instance
// sees on its next read that it is stale, and which ingredients to re-read (src/services/costs/price-cache.ts).
// A rolled-back write rolls both back with it. The log is trimmed to the last COST_CHANGES_KEPT versions.
async function recordCostChange(db: Executor, accountId: number, ingredientId: number): Promise<void> {
  const { cost_version: version } = await db
    .updateTable('accounts')
    .set((eb) => ({ cost_version: eb('cost_version', '+', 1) }))
    .where('id', '=', accountId)
    .returning('cost_version')
    .executeTakeFirstOrThrow();
  await db.insertInto('cost_changes').values({ account_id: accountId, version, ingredient_id: ingredientId }).execute();
  if (version % 100 === 0) {
    await db
      .deleteFrom('cost_changes')
      .where('account_id', '=', accountId)
      .where('version', '<=', version - COST_CHANGES_KEPT)
      .execute();
  }
}

export async function insertCost(
  db: Executor,
  accountId: number,
  ingredientId: number,
  entry: CostEntry,
  now: string,
): Promise<IngredientCost> {
  const row = await db
    .insertInto('ingredient_costs')
    .values({ ...entry, account_id: accountId, ingredient_id: ingredientId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordCostChange(db, accountId, ingredientId);
  return rowToCost(row);
}

export async function updateCostRow(db: Executor, accountId: number, id: number, entry: CostEntry, now: string): Promise<IngredientCost> {
  const row = await db
    .updateTable('ingredient_costs')
    .set({ ...entry, updated_at: now })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordCostChange(db, accountId, row.ingredient_id);
  return rowToCost(row);
}

export async function deleteCostRow(db: Executor, accountId: number, id: number): Promise<void> {
  const row = await db
    .deleteFrom('ingredient_costs')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returning('ingredient_id')
    .executeTakeFirstOrThrow();
  await recordCostChange(db, accountId, row.ingredient_id);
}

const changesSince = preparedQuery<{ version: number; ingredient_id: number }, [accountId: number, version: number]>((db) =>
  db.selectFrom('cost_changes').select(['version', 'ingredient_id']).where('account_id', '=', 0).where('version', '>', 0),
);

/**
 * The ingredients whose costs changed after version `from` up to `to`, or undefined when the log no
 * longer holds all of them (every version has exactly one entry, so a gap shows).
 */
export async function ingredientsChangedBetween(db: Executor, accountId: number, from: number, to: number): Promise<number[] | undefined> {
  const ids: number[] = [];
  let versions = 0;
  for (const row of await changesSince(db, accountId, from)) {
    ids.push(row.ingredient_id);
    if (row.version <= to) versions++;
  }
  return versions === to - from ? ids : undefined;
}

/** One of the account's own entries; another account's entry is simply not found. */
export async function findOwnCost(db: Executor, id: number, accountId: number, lock?: RowLock): Promise<IngredientCost | undefined> {
  const query = db.selectFrom('ingredient_costs').selectAll().where('id', '=', id).where('account_id', '=', accountId);
  const row = await lockRows(db, query, lock).executeTakeFirst();
  return row ? rowToCost(row) : undefined;
}

/** The id of the account's entry for that ingredient on that date, other than `exceptId`. */
export async function costOnDate(
  db: Executor,
  accountId: number,
  ingredientId: number,
  date: string,
  exceptId: number | null,
): Promise<number | undefined> {
  let query = db
    .selectFrom('ingredient_costs')
    .select('id')
    .where('account_id', '=', accountId)
    .where('ingredient_id', '=', ingredientId)
    .where('effective_at', '=', date);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export interface Slice {
  offset: number;
  limit: number;
}

/** An ingredient's history for the account, newest effective_at first (ties cannot happen: one per date). */
export async function listCostHistory(
  db: Executor,
  accountId: number,
  ingredientId: number,
  slice: Slice,
): Promise<{ items: IngredientCost[]; total: number }> {
  const base = db.selectFrom('ingredient_costs').where('account_id', '=', accountId).where('ingredient_id', '=', ingredientId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('effective_at', 'desc').orderBy('id', 'desc').limit(slice.limit).offset(slice.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(rowToCost), total: Number(count.n) };
}

/**
 * The active entries on `date`: per ingredient, the one with the latest effective_at not after it.
 * Dates are YYYY-MM-DD text, so the comparison is chronological on both databases.
 */
function activeQuery(db: Executor, accountId: number, date: string) {
  return db
    .selectFrom('ingredient_costs as c')
    .where('c.account_id', '=', accountId)
    .where((eb) =>
      eb(
        'c.effective_at',
        '=',
        eb
          .selectFrom('ingredient_costs as l')
          .select((e) => e.fn.max('l.effective_at').as('latest'))
          .whereRef('l.account_id', '=', 'c.account_id')
          .whereRef('l.ingredient_id', '=', 'c.ingredient_id')
          .where('l.effective_at', '<=', date),
      ),
    );
}

/** Every costed ingredient's active entry on `date`, by ingredient id. */
export async function listActiveCosts(
  db: Executor,
  accountId: number,
  date: string,
  slice: Slice,
): Promise<{ items: IngredientCost[]; total: number }> {
  const base = activeQuery(db, accountId, date);
  const [rows, count] = await Promise.all([
    base.selectAll('c').orderBy('c.ingredient_id', 'asc').limit(slice.limit).offset(slice.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(rowToCost), total: Number(count.n) };
}

// A recipe tree's ids travel as one JSON array parameter, so the statement has a fixed shape: built
// and prepared once, re-run with new values (src/db/prepared.ts) on the GET /v1/recipes/{id} hot path.
// Per id, one index probe for the latest entry not after the date; only the priced columns are read
// (measured on SQLite, 100 ids: 0.15 ms, against 0.29 ms for the max() correlated form with every column).
type ActiveRow = Pick<Row, 'ingredient_id' | 'effective_at' | 'quantity' | 'unit' | 'price' | 'shipping'>;
function buildActiveForIds(db: Executor) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const ids = postgres ? sql`jsonb_array_elements_text(${'[]'}::jsonb)` : sql`json_each(${'[]'})`;
  const idValue = sql.raw(postgres ? 'cast(j.value as integer)' : 'j.value');
  return db
    .selectFrom(ids.as('j'))
    .innerJoin('ingredient_costs as c', (join) =>
      join.on((eb) =>
        eb(
          'c.id',
          '=',
          eb
            .selectFrom('ingredient_costs as l')
            .select('l.id')
            .where('l.account_id', '=', 0)
            .where(sql<boolean>`l.ingredient_id = ${idValue}`)
            .where('l.effective_at', '<=', '')
            .orderBy('l.effective_at', 'desc')
            // In the text on both databases: bound, it made SQLite prepare the statement at every run.
            .limit(sql.lit(1)),
        ),
      ),
    )
    .select(['c.ingredient_id', 'c.effective_at', 'c.quantity', 'c.unit', 'c.price', 'c.shipping']);
}
type ActiveArgs = [idsJson: string, accountId: number, date: string];
const activeForIds = preparedQuery<ActiveRow, ActiveArgs>(buildActiveForIds);

// On the SQLite reader the same statement runs in raw mode (rows as arrays, in the select's column
// order): better-sqlite3's native row objects cost about a third of the query (100 ids: 0.15 -> 0.10 ms).
const rawActive = new WeakMap<object, Statement>();
function activeRowsFromReader(db: Executor, args: ActiveArgs): unknown[][] | undefined {
  const reader = readerFor(db);
  if (!reader) return undefined;
  let statement = rawActive.get(reader);
  if (!statement) {
    statement = reader.prepare(buildActiveForIds(db).compile().sql).raw(true);
    rawActive.set(reader, statement);
  }
  return statement.all(...args) as unknown[][];
}

/** The active entries of the given ingredients on `date`, in one query (a whole recipe tree at once). */
export async function activeCostsFor(
  db: Executor,
  accountId: number,
  ingredientIds: readonly number[],
  date: string,
): Promise<Map<number, CostEntry>> {
  const found = new Map<number, CostEntry>();
  if (ingredientIds.length === 0) return found;
  const args: ActiveArgs = [JSON.stringify([...new Set(ingredientIds)]), accountId, date];
  const raw = activeRowsFromReader(db, args);
  if (raw) {
    for (const [ingredientId, effectiveAt, quantity, unit, price, shipping] of raw) {
      found.set(ingredientId as number, {
        effective_at: effectiveAt as string,
        unit: unit as string,
        quantity: Number(quantity),
        price: Number(price),
        shipping: Number(shipping),
      });
    }
    return found;
  }
  const rows = await activeForIds(db, ...args);
  for (const row of rows) {
    found.set(row.ingredient_id, {
      effective_at: row.effective_at,
      unit: row.unit,
      quantity: Number(row.quantity),
      price: Number(row.price),
      shipping: Number(row.shipping),
    });
  }
  return found;
}

const costSettingsOf = preparedQuery<CostSettings, [accountId: number]>((db) =>
  db.selectFrom('accounts').select(['currency', 'cost_version']).where('id', '=', 0),
);

/** What every costed read needs of the account: its currency and the version of its price history. */
export interface CostSettings {
  /** accounts.currency, USD by default: one per account. */
  currency: string;
  /** accounts.cost_version: changes with every write to the account's ingredient costs. */
  cost_version: number;
}

export async function accountCostSettings(db: Executor, accountId: number): Promise<CostSettings> {
  const [row] = await costSettingsOf(db, accountId);
  return { currency: row?.currency ?? 'USD', cost_version: Number(row?.cost_version ?? 0) };
}

/** The account's currency (accounts.currency, USD by default): one per account. */
export async function accountCurrency(db: Executor, accountId: number): Promise<string> {
  return (await accountCostSettings(db, accountId)).currency;
}

/** A unique-index violation (a second entry on the same date written concurrently). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505';
}

/** The ingredients of the account's cost entries `costIds` (each once). */
export async function ingredientIdsOfCosts(db: Executor, accountId: number, costIds: readonly number[]): Promise<number[]> {
  const found = new Set<number>();
  // Chunked: an import may name 10,000 entries; both databases bound the parameters of a statement.
  for (let i = 0; i < costIds.length; i += 1000) {
    const rows = await db
      .selectFrom('ingredient_costs')
      .select('ingredient_id')
      .where('account_id', '=', accountId)
      .where('id', 'in', costIds.slice(i, i + 1000))
      .execute();
    for (const row of rows) found.add(row.ingredient_id);
  }
  return [...found];
}
