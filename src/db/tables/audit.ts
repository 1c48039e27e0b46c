// The audit trail (docs/api.md#audit): one event per record written. Conventions as in core.ts.
import type { Generated } from 'kysely';

export interface AuditEventsTable {
  id: Generated<number>;
  account_id: number;
  created_at: string;
  key_prefix: string | null;
  request_id: string | null;
  /** create | update | delete | approve | key_create | key_revoke... */
  action: string;
  resource: string;
  resource_id: number | null;
  /** JSON array of field names. */
  fields: string;
}

export interface AuditTables {
  audit_events: AuditEventsTable;
}
