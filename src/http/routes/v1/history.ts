// /v1/recipes/{id}/revisions and /v1/audit_events (docs/api.md §9).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listAccountAuditEvents, listRecipeRevisions } from '../../../services/history/index.js';
import { pageOf, sendPage } from '../../pagination.js';
import { errorResponses, IdParams } from '../../schemas/common.js';
import { AuditList, AuditQuery, RevisionList, RevisionsQuery } from '../../schemas/history.js';
import type { RouteDeps } from '../deps.js';
import { callerOf, recipeIdOf } from '../../request-context.js';

const tags = ['history'];

export async function historyRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/recipes/:id/revisions',
    {
      schema: {
        tags,
        summary:
          "The recipe's revisions, newest first: what changed (in it, its lines, the ingredients and costs beneath it), when and by which key",
        description:
          'Every change to the recipe, its lines, or an ingredient or cost it uses (through subrecipes too) is a revision: its number, when, the API key prefix that made it, the request id, and each change (field, old, new, and the line, ingredient or cost it concerns; ingredient nutrients per 100 g). 20 a page (Link and X-Total-Count headers). 404 for a recipe you cannot read.',
        params: IdParams,
        querystring: RevisionsQuery,
        response: { 200: RevisionList, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { items, total } = await listRecipeRevisions(ctx, callerOf(request), recipeIdOf(request), {
        offset: page.offset,
        limit: page.perPage,
      });
      const body = items.map((revision) => ({ revision }));
      sendPage(request, reply, page, total, body);
      return body;
    },
  );

  app.get(
    '/audit_events',
    {
      schema: {
        tags,
        summary: 'Every write of the account, newest first: who (key prefix), when, what, and the request id',
        description:
          "The audit trail: one event per record written (create, update, delete, approve, revoke), with the API key's prefix, the request id and the fields written, newest first, 20 a page (Link and X-Total-Count headers). `since` keeps events at or after a moment; `resource` one kind of record. A bad `since` or `resource` is 422 naming it.",
        querystring: AuditQuery,
        response: { 200: AuditList, ...errorResponses(422) },
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
