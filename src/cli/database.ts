// Opens the configured database (migrated to the latest schema) for one command, and closes it after.
// Loaded when a command runs (see services.ts): `recipal serve`'s cluster primary opens no database.
import type { Config } from '../config.js';
import type { MigrationReport } from '../db/migrate.js';
import { systemClock } from '../lib/time.js';
import type { ServiceContext } from '../services/context.js';

export async function withDatabase<T>(config: Config, run: (ctx: ServiceContext, migrated: MigrationReport) => Promise<T>): Promise<T> {
  const [{ openDatabase }, { migrateToLatest }] = await Promise.all([import('../db/connect.js'), import('../db/migrate.js')]);
  const database = openDatabase(config.database);
  try {
    const migrated = await migrateToLatest(database.db, database.dialect);
    return await run({ database, clock: systemClock }, migrated);
  } finally {
    await database.close();
  }
}
