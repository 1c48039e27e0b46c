// SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE).
// Kysely begins with a plain (deferred) BEGIN: a transaction then reads under a shared lock and asks
// for the write lock only at its first write. When another process (a second server on the same file,
// the CLI) committed in between, SQLite cannot upgrade that snapshot and fails at once with
// SQLITE_BUSY, whatever busy_timeout says, and a read-check-write sequence may have checked stale data.
// Taking the write lock first serialises every write transaction across processes, waiting up to
// busy_timeout; within one process Kysely already runs one transaction at a time on its one connection.
// That connection is handed out first come, first served (FifoLock): Kysely's own mutex lets whoever
// asks right as it is released take it ahead of those waiting, so a plain write could wait behind
// several transactions that came after it (RELIABILITY.md#sqlite-one-writer).
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
import { FifoLock } from '../lib/fifo-lock.js';
import { PageBoundsInTextCompiler } from './literal-page-bounds.js';

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #turns: FifoLock;

  constructor(config: SqliteDialectConfig, turns: FifoLock) {
    super(config);
    this.#turns = turns;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.acquire();
    // Kysely's own mutex is free whenever this lock is had: taken at once.
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#turns.release();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  /** The write connection's queue: busy while a query or transaction has it. */
  readonly writer = new FifoLock();

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.writer);
  }

  override createQueryCompiler(): QueryCompiler {
    return new PageBoundsInTextCompiler();
  }
}
