// Queries on hot paths are built once and re-run with new parameters: Kysely otherwise compiles the
// query tree to SQL on every call (measured ~15 µs each on the ingredient read path). On SQLite,
// outside transactions, they run synchronously on the read-only connection (see connect.ts).
import type { Statement } from 'better-sqlite3';
import type { CompiledQuery, Compilable } from 'kysely';
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
