// /v1/audit_events: the account's audit trail (docs/api.md#audit).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listAccountAuditEvents } from '../../../services/audit/index.js';
import { pageOf, sendPage } from '../../pagination.js';
import { AuditList, AuditQuery } from '../../resources/audit/schemas.js';
import type { RouteDeps } from '../deps.js';
import { callerOf } from '../../request-context.js';

// The OpenAPI document groups the audit trail and revisions (routes/v1/revisions.ts) under one tag.
const tags = ['history'];

export async function auditRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/audit_events',
    {
      schema: {
        tags,
        summary: 'Every write of the account, newest first: who (key prefix), when, what, and the request id',
        description:
          "The audit trail: one event per record written (create, update, delete, approve, revoke), with the API key's prefix, the request id and the fields written, newest first, 20 a page (Link and X-Total-Count headers). `since` keeps events at or after a moment; `resource` one kind of record. A bad `since` or `resource` is 400 naming it.",
        querystring: AuditQuery,
        response: { 200: AuditList },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { since, resource } = request.query;
      const { items, total } = await listAccountAuditEvents(ctx, callerOf(request), {
        since,
        resource,
        offset: page.offset,
        limit: page.perPage,
      });
      const body = items.map((audit_event) => ({ audit_event }));
      sendPage(request, reply, page, total, body);
      return body;
    },
  );
}
