// Opens the configured database: SQLite (embedded, default) or PostgreSQL.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Db, Dialect } from './schema.js';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** The raw SQLite handle, for repositories that keep prepared statements on hot paths. */
  sqlite: SqliteDatabase.Database | null;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (count(*), sum of integers) and numeric as strings; every number we
// return is a JSON number, so convert here, at the edge.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: any) {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

export interface PostgresOptions {
  /** Schema to work in (tests isolate themselves in a fresh schema). */
  searchPath?: string;
  maxConnections?: number;
}

export function openDatabase(database: Config['database'], options: PostgresOptions = {}): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: options.maxConnections ?? 10,
      types: pgTypes as any,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      sqlite: null,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }
  if (database.path !== ':memory:') mkdirSync(dirname(database.path), { recursive: true });
  const sqlite = new SqliteDatabase(database.path);
  // WAL lets readers proceed while one writer commits; NORMAL sync is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db: Db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    close: () => db.destroy(),
  };
}
