// SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE).
// Kysely begins with a plain (deferred) BEGIN: a transaction then reads under a shared lock and asks
// for the write lock only at its first write. When another process (a second server on the same file,
// the CLI) committed in between, SQLite cannot upgrade that snapshot and fails at once with
// SQLITE_BUSY, whatever busy_timeout says, and a read-check-write sequence may have checked stale data.
// Taking the write lock first serialises every write transaction across processes, waiting up to
// busy_timeout; within one process Kysely already runs one transaction at a time on its one connection.
// Its queries are compiled with their page bounds in the text (literal-page-bounds.ts).
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { PageBoundsInTextCompiler } from './literal-page-bounds.js';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createQueryCompiler(): QueryCompiler {
    return new PageBoundsInTextCompiler();
  }
}
