// GET /v1/audit_events (docs/api.md#audit): every write of the account, newest first.
import { keyPrefixOf, listAuditEvents, type AuditEventRow } from '../../db/repositories/history/index.js';
import { invalidField } from '../../errors.js';
import type { Caller, ServiceContext } from '../context.js';
import { isoSeconds } from '../../lib/time.js';
import { parseAsOf, recordAudit } from '../history/index.js';

export interface AuditEventJson {
  id: number;
  created_at: string;
  key_prefix: string | null;
  request_id: string | null;
  action: string;
  resource: string;
  resource_id: number | null;
  fields: string[];
}

export const auditEventJson = (row: AuditEventRow): AuditEventJson => ({
  id: Number(row.id),
  created_at: row.created_at,
  key_prefix: row.key_prefix,
  request_id: row.request_id,
  action: row.action,
  resource: row.resource,
  resource_id: row.resource_id === null ? null : Number(row.resource_id),
  fields: JSON.parse(row.fields) as string[],
});

/** The kinds of record the audit trail holds events of (the `resource` filter's values). */
export const AUDITED_RESOURCES: readonly string[] = [
  'recipe',
  'recipe_ingredient',
  'ingredient',
  'ingredient_cost',
  'label_approval',
  'api_key',
];

export async function listAccountAuditEvents(
  ctx: ServiceContext,
  caller: Pick<Caller, 'accountId'>,
  filter: { since?: string; resource?: string; offset: number; limit: number },
): Promise<{ items: AuditEventJson[]; total: number }> {
  let since: string | undefined;
  if (filter.since !== undefined && filter.since !== '') {
    try {
      since = parseAsOf(filter.since);
    } catch {
      throw invalidField('since', 'must be a date (YYYY-MM-DD) or a date and time with a zone (YYYY-MM-DDTHH:MM:SSZ)');
    }
  }
  const resource = filter.resource === '' ? undefined : filter.resource;
  // A kind of record that is never audited is a mistake, not a filter that finds nothing (docs/api.md#errors).
  if (resource !== undefined && !AUDITED_RESOURCES.includes(resource))
    throw invalidField('resource', `must be one of ${AUDITED_RESOURCES.join(', ')}`);
  const { items, total } = await listAuditEvents(ctx.database.db, caller.accountId, { ...filter, since, resource });
  return { items: items.map(auditEventJson), total };
}

/**
 * A key made or revoked on the account page (docs/api.md#audit: such keys are events too); who is
 * the key the page's session signed in with.
 */
export async function auditAccountPageKey(
  ctx: ServiceContext,
  who: { accountId: number; sessionKeyId: number; requestId: string },
  action: 'create' | 'revoke',
  keyId: number,
): Promise<void> {
  const db = ctx.database.db;
  const caller = { accountId: who.accountId, keyPrefix: (await keyPrefixOf(db, who.sessionKeyId)) ?? undefined, requestId: who.requestId };
  await recordAudit(db, caller, { action, resource: 'api_key', resourceId: keyId, fields: [] }, isoSeconds(ctx.clock.now()));
}
