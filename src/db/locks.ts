// Locks for read-check-write sequences (docs/api.md#concurrent-writes). A service that reads rows, decides from
// them, then writes, locks what it read inside its transaction, so a concurrent writer (another request,
// another instance on the same PostgreSQL) waits instead of acting on a stale read.
// - PostgreSQL: row locks (SELECT ... FOR UPDATE / FOR SHARE) and transaction-scoped advisory locks.
// - SQLite: every transaction already holds the database's write lock from its BEGIN IMMEDIATE
//   (sqlite-immediate.ts), so these are no-ops there.
import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from './schema.js';

export function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `update`: the caller will change or delete the rows (others wait to read them locked, and to write).
 * `share`: the caller depends on the rows staying as they are (e.g. a new line pointing at an
 * ingredient): a delete or update waits, other sharers do not.
 */
export type RowLock = 'update' | 'share';

/** A select query that can take a row lock and stay the same query type (Kysely's SelectQueryBuilder). */
interface LockableQuery<Q> {
  forUpdate(): Q;
  forShare(): Q;
}

export function lockRows<Q extends LockableQuery<Q>>(db: Executor, query: Q, lock: RowLock | undefined): Q {
  if (lock === undefined || !isPostgres(db)) return query;
  return lock === 'update' ? query.forUpdate() : query.forShare();
}

/** Advisory lock namespaces (the first key of pg_advisory_xact_lock(int, int)); the second is an id. */
export const LockSpace = {
  /** An account's recipe graph: edges added through subrecipe lines (cycle checks). */
  recipeGraph: 7_301,
  /** The public library (second key 0): imports plan unique names and fdc_ids against it. */
  publicLibrary: 7_302,
  /** Accounts (second key 0): the first start's "default" account is made once. */
  accounts: 7_303,
  /** A recipe's history (second key: the recipe id): revisions are numbered and compared one writer at a time. */
  recipeHistory: 7_304,
} as const;

/** Holds an advisory lock on (space, id) until the transaction ends. */
export async function lockForTransaction(db: Executor, space: number, id: number): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`SELECT pg_advisory_xact_lock(${space}::int4, ${id}::int4)`.execute(db);
}

/**
 * Holds advisory locks on (space, id) for every id until the transaction ends, taken in ascending id
 * order (as every caller must, so that two transactions cannot each hold a lock the other waits for)
 * in one statement: one round trip instead of one per id.
 */
export async function lockEachForTransaction(db: Executor, space: number, ids: readonly number[]): Promise<void> {
  if (!isPostgres(db) || ids.length === 0) return;
  const ascending = [...new Set(ids)].sort((a, b) => a - b);
  // The subquery's sorted rows are locked one after the other, in that order.
  await sql`SELECT pg_advisory_xact_lock(${space}::int4, ordered.id)
    FROM (SELECT unnest(${ascending}::int4[]) AS id ORDER BY 1) AS ordered`.execute(db);
}
