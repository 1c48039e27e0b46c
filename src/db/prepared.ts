// Queries on hot paths are built once and re-run with new parameters: Kysely otherwise compiles the
// query tree to SQL on every call (measured ~15 µs each on the ingredient read path). On SQLite,
// outside transactions, they run synchronously on the read-only connection (see connect.ts).
import type { Statement } from 'better-sqlite3';
import type { CompiledQuery, Compilable, RawBuilder } from 'kysely';
import { readerFor } from './connect.js';
import type { Executor } from './schema.js';

/**
 * Returns a runner for a fixed-shape query. `build` is called once per database with placeholder
 * values; the parameters are then replaced, in order, by those given to the runner.
 */
export function preparedQuery<Row, Args extends unknown[]>(build: (db: Executor) => Compilable<Row>) {
  const compiled = new WeakMap<Executor, CompiledQuery<Row>>();
  const statements = new WeakMap<object, Statement>();
  return async (db: Executor, ...parameters: Args): Promise<Row[]> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db).compile();
      compiled.set(db, query);
    }
    const reader = readerFor(db);
    if (reader) {
      let statement = statements.get(reader);
      if (!statement) {
        statement = reader.prepare(query.sql);
        statements.set(reader, statement);
      }
      return statement.all(...parameters) as Row[];
    }
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}

// Statements of readAll by SQL text, per read connection; bounded, as generated SQL varies with filters.
const READ_STATEMENTS_SIZE = 200;
const readStatements = new WeakMap<object, Map<string, Statement>>();

/**
 * Runs a read built with Kysely on SQLite's read-only connection when `db` is a root handle (not a
 * transaction): list pages then neither queue behind writes on the single write connection nor pay
 * Kysely's connection hand-off (BENCHMARKS.md "load"). WAL readers see every committed write. On
 * PostgreSQL, and inside transactions, the query runs as usual.
 */
export async function readAll<Row>(db: Executor, query: Compilable<Row> & { execute(): Promise<Row[]> }): Promise<Row[]> {
  const reader = readerFor(db);
  if (!reader) return query.execute();
  const compiled = query.compile();
  let cache = readStatements.get(reader);
  if (!cache) readStatements.set(reader, (cache = new Map()));
  let statement = cache.get(compiled.sql);
  if (!statement) {
    statement = reader.prepare(compiled.sql);
    if (cache.size >= READ_STATEMENTS_SIZE) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(compiled.sql, statement);
  }
  return statement.all(...compiled.parameters) as Row[];
}

/** readAll for a query written as SQL (Kysely's `sql` template). */
export function readRaw<Row>(db: Executor, query: RawBuilder<Row>): Promise<Row[]> {
  return readAll(db, { compile: () => query.compile(db), execute: async () => (await query.execute(db)).rows });
}
