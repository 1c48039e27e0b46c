// The audit log (docs/api.md#history): who did what to which record of the account, and when.
import type { Selectable } from 'kysely';
import type { Executor } from '../../schema.js';
import type { AuditEventsTable } from '../../tables/audit.js';
import { everyColumnOf, insertValues } from './inserts.js';

/** An audit event as stored (src/db/tables/audit.ts). */
export type AuditEventRow = Selectable<AuditEventsTable>;

/**
 * Audit events in multi-row inserts (an import of 10,000 rows is 10,000 events: a few dozen statements,
 * not 10,000). Statements of 512, 64, 8 or 1 rows only, so that few statement texts are ever built
 * and cached; 512 rows of 8 parameters stay far below SQLite's 32,766 bound variables.
 */
export async function insertAuditEvents(db: Executor, rows: readonly Omit<AuditEventRow, 'id'>[]): Promise<void> {
  let i = 0;
  for (const size of [512, 64, 8, 1])
    for (; rows.length - i >= size; i += size) await insertValues(db, 'audit_events', AUDIT_COLUMNS, rows.slice(i, i + size));
}

const AUDIT_COLUMNS = everyColumnOf<Omit<AuditEventRow, 'id'>>()(
  'account_id',
  'created_at',
  'key_prefix',
  'request_id',
  'action',
  'resource',
  'resource_id',
  'fields',
);

export async function listAuditEvents(
  db: Executor,
  accountId: number,
  filter: { since?: string; resource?: string; offset: number; limit: number },
): Promise<{ items: AuditEventRow[]; total: number }> {
  let base = db.selectFrom('audit_events').where('account_id', '=', accountId);
  if (filter.since !== undefined) base = base.where('created_at', '>=', filter.since);
  if (filter.resource !== undefined) base = base.where('resource', '=', filter.resource);
  const [items, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: items as AuditEventRow[], total: Number(count.n) };
}

/** The display prefix of a key (who acted on the account page). */
export async function keyPrefixOf(db: Executor, keyId: number): Promise<string | null> {
  const row = await db.selectFrom('api_keys').select('prefix').where('id', '=', keyId).executeTakeFirst();
  return row?.prefix ?? null;
}

export async function pruneAuditEvents(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
