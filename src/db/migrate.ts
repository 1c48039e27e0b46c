import { Migrator } from 'kysely';
import type { Db, Dialect } from './schema.js';
import { migrationsFor } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
}

/** Brings the database to the latest schema; safe to run on every start and from several instances. */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<MigrationReport> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
