// What `recipal serve` does once per start, before the server listens: bring the database up to
// date and create the first account (done by the server itself, or by the first worker of a
// cluster: src/cluster.ts). What it prints afterwards is src/start-lines.ts.
import type { DatabaseHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './lib/time.js';
import { ensureFirstAccount } from './services/accounts/index.js';
import type { FirstAccount } from './start-lines.js';

/** Migrates the database and creates the first account when it has none (once per start). */
export async function prepareDatabase(database: DatabaseHandle): Promise<FirstAccount | null> {
  await migrateToLatest(database.db, database.dialect);
  return ensureFirstAccount({ database, clock: systemClock });
}
