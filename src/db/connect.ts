// Opens the configured database: SQLite (embedded, default) or PostgreSQL.
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { Config } from '../config.js';
import type { Db, Dialect } from './schema.js';
import { SearchPathPostgresDialect } from './postgres-dialect.js';
import { ImmediateSqliteDialect } from './sqlite-immediate.js';
import { prepareSqliteFiles } from './sqlite-files.js';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** The raw SQLite handle, for repositories that keep prepared statements on hot paths. */
  sqlite: SqliteDatabase.Database | null;
  /** SQLite: whether a query or transaction has the write connection or waits for it (false on PostgreSQL). */
  writerBusy(): boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// The PostgreSQL client, loaded only for a PostgreSQL database: on SQLite it would add ~15 MB to
// every process of `recipal serve` (node-postgres is CommonJS, so a synchronous require serves).
const loadPg = (): typeof PgModule => createRequire(import.meta.url)('pg');

// PostgreSQL returns int8 (count(*), sum of integers) and numeric as strings; every number we
// return is a JSON number, so convert here, at the edge.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
function pgTypesOf(pg: typeof PgModule): PgModule.CustomTypesConfig {
  const parsers = pg.types;
  const getTypeParser = (oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8 || oid === PG_NUMERIC ? (value: string) => Number(value) : parsers.getTypeParser(oid, format as 'text');
  return { getTypeParser: getTypeParser as PgModule.CustomTypesConfig['getTypeParser'] };
}

const readers = new WeakMap<object, SqliteDatabase.Database>();

function registerReader(db: Db, reader: SqliteDatabase.Database): void {
  readers.set(db, reader);
}

/** The read-only SQLite connection of a root database handle (not of a transaction), if any. */
export function readerFor(db: object): SqliteDatabase.Database | undefined {
  return readers.get(db);
}

export interface PostgresOptions {
  /** Schema to work in (tests isolate themselves in a fresh schema). */
  searchPath?: string;
  maxConnections?: number;
}

// Kysely prepares every query afresh; on SQLite preparing costs more than running a point read
// (measured: about half of a GET /v1/ingredients/{id}). Prepared statements are reusable, so keep
// them by SQL text. The bound keeps generated `in (?, ?, ...)` variants from growing without end.
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const cache = new LRUCache<string, SqliteDatabase.Statement>({ max: STATEMENT_CACHE_SIZE });
  const prepare = (source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = sqlite.prepare(source);
      cache.set(source, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function openDatabase(database: Config['database'], options: PostgresOptions = {}): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: database.url,
      max: options.maxConnections ?? 10,
      types: pgTypesOf(pg),
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    const db: Db = new Kysely({ dialect: new SearchPathPostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      sqlite: null,
      writerBusy: () => false,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }
  if (database.path !== ':memory:') prepareSqliteFiles(database.path);
  const sqlite = new SqliteDatabase(database.path);
  // WAL lets readers proceed while one writer commits; NORMAL sync is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const dialect = new ImmediateSqliteDialect({ database: withStatementCache(sqlite) });
  const db: Db = new Kysely({ dialect });
  if (database.path !== ':memory:') {
    // A second, read-only connection serves hot point reads synchronously: in WAL mode it sees
    // committed data only, and it never waits behind Kysely's single-connection queue.
    const reader = new SqliteDatabase(database.path, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    registerReader(db, reader);
    const close = db.destroy.bind(db);
    db.destroy = async () => {
      reader.close();
      await close();
    };
  }
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    writerBusy: () => dialect.writer.busy,
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    close: () => db.destroy(),
  };
}
