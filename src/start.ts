// What `recipal serve` does once per start, before and after the server listens: bring the
// database up to date and create the first account, then print the address (and that account's
// key, once). A clustered serve (src/cluster.ts) does both in its primary, which imports only this,
// not the HTTP application: the primary serves no requests and stays small.
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './lib/time.js';
import { ensureFirstAccount } from './services/accounts/index.js';

/** Migrates the database and creates the first account when it has none (done once per start, by the primary when clustered). */
export async function prepareDatabase(
  database: DatabaseHandle,
): Promise<{ account: { id: number; name: string }; api_key: string } | null> {
  await migrateToLatest(database.db, database.dialect);
  return ensureFirstAccount({ database, clock: systemClock });
}

/** The lines `recipal serve` prints once it listens (the first account's key only on a new database). */
export function startLines(
  config: Config,
  url: string,
  first: { account: { id: number; name: string }; api_key: string } | null,
): string[] {
  const lines: string[] = [];
  if (first) {
    lines.push(
      '',
      `Created the first account "${first.account.name}" (id ${first.account.id}). Its API key, shown only this once:`,
      '',
      `    ${first.api_key}`,
      '',
    );
    lines.push(`Try it:  curl -H "Authorization: Token token=${first.api_key}" ${url}/v1/ingredients`);
  }
  const kind = config.database.kind === 'sqlite' ? `SQLite ${config.database.path}` : 'PostgreSQL';
  lines.push(`Recipe API listening on ${url}  (${kind})`);
  lines.push(`API docs: ${url}/docs   OpenAPI: ${url}/v1/openapi.json`);
  return lines;
}
