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

/** Inserts each row (columns: its own keys); the new rows' ids, in order. */
export function insertRowsNow(sqlite: SqliteDatabase, table: string, rows: ReadonlyArray<Record<string, unknown>>): number[] {
  return rows.map((row) => {
    const columns = Object.keys(row);
    const sql = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values (${columns.map(() => '?').join(', ')})`;
    return Number(statementOf(sqlite, sql).run(...columns.map((c) => row[c] ?? null)).lastInsertRowid);
  });
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
