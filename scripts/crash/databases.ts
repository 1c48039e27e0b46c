// A new, empty database for one crash-safety run, removed afterwards: a SQLite file in a temporary
// directory, or a PostgreSQL database of its own on the server DATABASE_URL points at.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export async function withPostgresDatabase<T>(url: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `crash_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return await use(target.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function withSqliteFile<T>(use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'recipal-crash-'));
  try {
    return await use(join(dir, 'crash.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
