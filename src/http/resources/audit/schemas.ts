// The audit trail (docs/api.md#audit): every write of the account, newest first.
import { Type } from '@sinclair/typebox';
import { ListQuery } from '../../pagination.js';
import { AUDITED_RESOURCES } from '../../../services/audit/index.js';
import { Choice } from '../shared/choice.js';
import { Nullable } from '../shared/common.js';

import { AUDIT_EVENTS } from './examples.js';

export const AuditQuery = Type.Object({
  ...ListQuery,
  since: Type.Optional(Type.String({ maxLength: 64, description: 'only events at or after this moment', examples: ['2026-11-01'] })),
  resource: Choice(AUDITED_RESOURCES, 'only events on this kind of record'),
});

export const AuditEvent = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  key_prefix: Nullable(Type.String()),
  request_id: Nullable(Type.String()),
  action: Type.String({ description: 'create, update, delete, approve, revoke' }),
  resource: Type.String(),
  resource_id: Nullable(Type.Integer()),
  fields: Type.Array(Type.String()),
});

export const AuditList = Type.Array(Type.Object({ audit_event: AuditEvent }), {
  description: 'A page of audit events, newest first',
  examples: [AUDIT_EVENTS],
});
