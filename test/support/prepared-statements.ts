// The SQL texts SQLite prepares while some work runs, for tests about statements and their plans.
// The statement caches prepare each text once per connection, so a text shows the first time it runs.
import Database from 'better-sqlite3';

export async function preparedDuring(work: () => Promise<void>): Promise<string[]> {
  const prepared: string[] = [];
  const original = Database.prototype.prepare;
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    prepared.push(source);
    return original.call(this, source);
  } as typeof original;
  try {
    await work();
  } finally {
    Database.prototype.prepare = original;
  }
  return prepared;
}
