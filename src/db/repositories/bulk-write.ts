// Many rows written in a short transaction on SQLite (docs/api.md#import-transaction): one prepared
// statement per shape of row, run synchronously on the write connection, inside the transaction the
// caller holds on that connection. Building one multi-row statement of 200 rows with Kysely cost
// ~25 ms (its query tree and SQL text), most of an import's write lock; a prepared one-row statement
// runs in a few µs. Table and column names come from this code, never from a client.
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

const statements = new WeakMap<SqliteDatabase, Map<string, Statement>>();

function statementOf(sqlite: SqliteDatabase, sql: string): Statement {
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

const quoted = (name: string) => `"${name}"`;

/**
 * Rows per insert statement, largest first: one statement of many rows costs a fraction of as many
 * one-row statements (measured on ingredients: 10,000 rows, 600 ms one at a time, 160 ms 25 at a time;
 * each statement runs its table's trigger programs and index work once). A few fixed sizes keep the
 * prepared statements few.
 */
const ROWS_PER_STATEMENT = [32, 8, 1];

/** SQLite's bound on variables in one statement (SQLITE_MAX_VARIABLE_NUMBER). */
const MAX_VARIABLES = 32_766;

/**
 * Inserts each row (columns: its own keys); the new rows' ids, in order. Rows of the same columns in
 * a row go in multi-row statements: their ids are consecutive (SQLite gives each new row one more than
 * the largest rowid, and the caller's transaction holds the one writer), the last one the statement's.
 */
export function insertRowsNow(sqlite: SqliteDatabase, table: string, rows: ReadonlyArray<Record<string, unknown>>): number[] {
  const ids: number[] = [];
  let i = 0;
  while (i < rows.length) {
    const columns = Object.keys(rows[i] as Record<string, unknown>);
    const shape = columns.join('\u0000');
    let end = i + 1;
    while (end < rows.length && Object.keys(rows[end] as Record<string, unknown>).join('\u0000') === shape) end++;
    for (const size of ROWS_PER_STATEMENT) {
      if (size * columns.length > MAX_VARIABLES) continue;
      for (; end - i >= size; i += size) {
        const one = `(${columns.map(() => '?').join(', ')})`;
        const sql = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${Array(size).fill(one).join(', ')}`;
        const values: unknown[] = [];
        for (let k = i; k < i + size; k++) {
          const row = rows[k] as Record<string, unknown>;
          for (const c of columns) values.push(row[c] ?? null);
        }
        const info = statementOf(sqlite, sql).run(...values);
        if (info.changes !== size) throw new Error(`inserted ${info.changes} rows into ${table}, not ${size}`);
        const last = Number(info.lastInsertRowid);
        for (let k = size - 1; k >= 0; k--) ids.push(last - k);
      }
    }
  }
  return ids;
}

/** Sets each row's columns (its own keys) on the row of its id. */
export function updateRowsNow(
  sqlite: SqliteDatabase,
  table: string,
  rows: ReadonlyArray<{ id: number; values: Record<string, unknown> }>,
): void {
  for (const { id, values } of rows) {
    const columns = Object.keys(values);
    const sql = `update ${quoted(table)} set ${columns.map((c) => `${quoted(c)} = ?`).join(', ')} where id = ?`;
    statementOf(sqlite, sql).run(...columns.map((c) => values[c] ?? null), id);
  }
}

/** Runs one statement of fixed text with each list of parameters. */
export function runEachNow(sqlite: SqliteDatabase, sql: string, parameters: ReadonlyArray<readonly unknown[]>): void {
  const statement = statementOf(sqlite, sql);
  for (const p of parameters) statement.run(...p);
}
