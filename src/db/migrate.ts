import { Migrator, sql } from 'kysely';
import type { Db, Dialect } from './schema.js';
import { migrationsFor } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
}

/** Brings the database to the latest schema; safe to run on every start and from several instances. */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<MigrationReport> {
  // Kysely looks for its bookkeeping tables in every schema it can see; pin them to ours so that
  // databases holding several schemas (one per test, or per tenant) never confuse each other's.
  const schema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => migrationsFor(dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
