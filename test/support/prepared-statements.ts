// The SQL texts SQLite prepares, or PostgreSQL runs, while some work runs, for tests about statements
// and their plans.
// The statement caches prepare each text once per connection, so a text shows the first time it runs.
import Database from 'better-sqlite3';
import pg from 'pg';

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

/** The statements PostgreSQL runs while `work` runs, with their parameters. */
export async function statementsDuring(work: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const seen: { text: string; values: unknown[] }[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === 'string') seen.push({ text: first, values: second ?? [] });
    else if (first && typeof first.text === 'string') seen.push({ text: first.text, values: first.values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}
