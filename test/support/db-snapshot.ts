// A fingerprint of a whole database: every table's row count and a checksum of its contents, on
// SQLite and PostgreSQL alike. Two equal snapshots mean no row was added, removed or changed, which
// is how the hostile input suite proves a refused request (4xx) changed nothing.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { TestDatabase } from './databases.js';

/**
 * Columns every request may write, refused or not: they are request accounting, not data.
 * - weekly_usage: rejected requests count towards the weekly limit too (docs/api.md#limits).
 * - api_keys.last_used_at: stamped when a key authenticates, whatever the request then does.
 * - import_reports: every spreadsheet import keeps its report, a dry run's and a refused one's too
 *   (docs/api.md#spreadsheet-imports, `GET /v1/imports/{id}`): the record of the request, not the account's data.
 * A table listed with '*' is left out whole. Anything else a 4xx changes is a defect.
 */
export const REQUEST_ACCOUNTING: Record<string, readonly string[]> = {
  weekly_usage: ['*'],
  minute_usage: ['*'],
  api_keys: ['last_used_at'],
  import_reports: ['*'],
};

export interface TableFingerprint {
  rows: number;
  checksum: string;
}

export type DatabaseSnapshot = Record<string, TableFingerprint>;

interface TablePlan {
  name: string;
  columns: Array<{ name: string; binary: boolean }>;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

async function plan(handle: DatabaseHandle): Promise<TablePlan[]> {
  const tables = await handle.db.introspection.getTables();
  // PostgreSQL lists every schema's tables; tests each work in their own schema (the search path).
  const schema =
    handle.dialect === 'postgres' ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(handle.db)).rows[0]!.s : undefined;
  const plans: TablePlan[] = [];
  for (const table of tables) {
    if (table.isView || (schema !== undefined && table.schema !== schema)) continue;
    const skipped = REQUEST_ACCOUNTING[table.name] ?? [];
    if (skipped.includes('*')) continue;
    const columns = table.columns
      .filter((c) => !skipped.includes(c.name))
      .map((c) => ({ name: c.name, binary: /^(bytea|blob)$/i.test(c.dataType) }));
    plans.push({ name: table.name, columns: columns.sort((a, b) => a.name.localeCompare(b.name)) });
  }
  return plans.sort((a, b) => a.name.localeCompare(b.name));
}

export interface Snapshotter {
  take(): Promise<DatabaseSnapshot>;
  close(): Promise<void>;
}

/** One value as text for a checksum: its type, then its content (binary content by its own hash). */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'N';
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `B${createHash('sha256').update(value).digest('base64')}`;
  return `${typeof value === 'string' ? 'S' : 'V'}${String(value)}`;
}

/** Takes snapshots of one test database; the table list is read once (no migration runs meanwhile). */
export async function databaseSnapshotter(database: TestDatabase): Promise<Snapshotter> {
  const handle = database.handle;
  const tables = await plan(handle);
  if (handle.dialect === 'sqlite') {
    const sqlite = handle.sqlite!;
    const statements = tables.map((t) => ({
      name: t.name,
      statement: sqlite.prepare(`SELECT ${t.columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(t.name)}`).raw(true),
    }));
    // Whether anything was written since the last snapshot: rows changed through the app's writing
    // connection (total_changes) or commits by any other (data_version). When neither moved, the
    // tables are as they were and need not be read again (reading them after each of thousands of
    // requests cost more than the requests).
    const written = sqlite.prepare('SELECT total_changes() AS changes').pluck(true);
    const version = () => Number(sqlite.pragma('data_version', { simple: true }));
    let last: { changes: number; version: number; snapshot: DatabaseSnapshot } | null = null;
    const take = async () => {
      const changes = Number(written.get());
      const current = version();
      if (last && last.changes === changes && last.version === current) return last.snapshot;
      const snapshot: DatabaseSnapshot = {};
      for (const { name, statement } of statements) {
        // Row order is not guaranteed: the checksum is over the sorted rows.
        const rows = (statement.all() as unknown[][]).map((row) => row.map(valueText).join('\u0001'));
        snapshot[name] = { rows: rows.length, checksum: createHash('sha256').update(rows.sort().join('\n')).digest('hex') };
      }
      last = { changes, version: current, snapshot };
      return snapshot;
    };
    return { take, close: async () => undefined };
  }
  // PostgreSQL: one prepared statement on a connection of its own covers every table (a snapshot
  // follows each of thousands of requests; through the pool and unprepared it cost four times more).
  // Binary columns enter the row text by their md5, not as hex.
  const rowText = (t: TablePlan) => `ROW(${t.columns.map((c) => (c.binary ? `md5(${quote(c.name)})` : quote(c.name))).join(', ')})::text`;
  const query = tables
    .map(
      (t) =>
        `SELECT ${sqlLiteral(t.name)} AS name, count(*)::int AS rows, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS checksum FROM (SELECT ${rowText(t)} AS r FROM ${quote(t.name)}) AS x`,
    )
    .join(' UNION ALL ');
  // Whether anything was written since the last snapshot: every inserted or updated row version
  // carries the id of the transaction that wrote it (xmin), so a table's row count and xmin sum move
  // with any write. Only then are the contents read again.
  const versions = tables
    .map(
      (t) =>
        `SELECT ${sqlLiteral(t.name)} AS name, count(*)::int AS rows, coalesce(sum(xmin::text::bigint), 0)::text AS xmins FROM ${quote(t.name)}`,
    )
    .join(' UNION ALL ');
  if (database.config.kind !== 'postgres') throw new Error('a PostgreSQL handle without a PostgreSQL configuration');
  const client = new pg.Client({
    connectionString: database.config.url,
    options: database.schema ? `-c search_path=${database.schema}` : undefined,
  });
  await client.connect();
  const id = randomUUID().slice(0, 8);
  let last: { versions: string; snapshot: DatabaseSnapshot } | null = null;
  return {
    take: async () => {
      const written = JSON.stringify((await client.query({ name: `versions_${id}`, text: versions, rowMode: 'array' })).rows);
      if (last && last.versions === written) return last.snapshot;
      const { rows } = await client.query<{ name: string; rows: number; checksum: string }>({ name: `snapshot_${id}`, text: query });
      const snapshot = Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), checksum: r.checksum }]));
      last = { versions: written, snapshot };
      return snapshot;
    },
    close: () => client.end(),
  };
}

const sqlLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The tables whose fingerprint differs, with their row counts before and after. */
export function snapshotDifferences(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const name of [...names].sort()) {
    const a = before[name];
    const b = after[name];
    if (a?.rows !== b?.rows || a?.checksum !== b?.checksum) changed.push(`${name} (rows ${a?.rows ?? 'none'} -> ${b?.rows ?? 'none'})`);
  }
  return changed;
}
