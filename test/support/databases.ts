// Which real databases the integration suite runs against: SQLite always; PostgreSQL too when
// DATABASE_URL points at one (CI sets it). Each test database lives in its own file or schema.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Dialect, Executor } from '../../src/db/schema.js';

export const POSTGRES_URL = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : null;

/**
 * The databases each test runs on: SQLite, and PostgreSQL too when DATABASE_URL names one.
 * TEST_DATABASES=postgres (or sqlite) runs one alone: CI's PostgreSQL job sets it so it does not
 * repeat the SQLite job's work.
 */
export function databaseKinds(env: NodeJS.ProcessEnv = process.env): Dialect[] {
  const postgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '');
  const only = env.TEST_DATABASES;
  if (only === 'postgres') {
    if (!postgres) throw new Error('TEST_DATABASES=postgres needs DATABASE_URL=postgres://...');
    return ['postgres'];
  }
  if (only === 'sqlite') return ['sqlite'];
  if (only) throw new Error(`TEST_DATABASES is "${only}": say sqlite or postgres, or leave it unset for both`);
  return postgres ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  config: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  /** For PostgreSQL: the schema holding this test's tables (other handles can open it too). */
  schema: string | null;
  drop(): Promise<void>;
}

/**
 * pg_trgm in the public schema before any test schema exists. Otherwise the first test's migration
 * creates it inside that test's schema, and dropping that schema at the end of the test drops the
 * extension with every other test schema's search index (deadlocks and "operator class was
 * concurrently dropped" in parallel runs). Parallel test files may race to create it, and a server
 * without the extension makes the migration fall back to full-text search: both errors are fine.
 */
async function sharedExtensions(admin: pg.Client): Promise<void> {
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public').catch(() => undefined);
}

export async function createTestDatabase(kind: Dialect): Promise<TestDatabase> {
  if (kind === 'postgres') {
    if (!POSTGRES_URL) throw new Error('DATABASE_URL is not a postgres:// URL');
    const schema = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await sharedExtensions(admin);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const config = { kind: 'postgres' as const, url: POSTGRES_URL };
    const handle = openDatabase(config, { searchPath: schema, maxConnections: 5 });
    await migrateToLatest(handle.db, 'postgres');
    return {
      handle,
      config,
      schema,
      drop: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: POSTGRES_URL });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'recipal-test-'));
  const config = { kind: 'sqlite' as const, path: join(dir, 'test.db') };
  const handle = openDatabase(config);
  await migrateToLatest(handle.db, 'sqlite');
  return {
    handle,
    config,
    schema: null,
    drop: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A bare accounts row (no key, default limits), as tests that seed tables directly need one: its id. */
export async function insertAccountRow(db: Executor, name: string, at = '2026-11-24T00:00:00Z'): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({ name, created_at: at, updated_at: at } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}
