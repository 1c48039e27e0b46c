// /v1/recipes/{id}/revisions: a recipe's revisions, and any two compared (docs/api.md#history).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../../errors.js';
import { listRecipeRevisions, revisionDiff } from '../../../services/revisions/index.js';
import { pageOf, sendPage } from '../../pagination.js';
import { errorResponses, IdParams } from '../../resources/shared/common.js';
import { RevisionDiffEnvelope, RevisionDiffQuery, RevisionList, RevisionsQuery } from '../../resources/revisions/schemas.js';
import type { RouteDeps } from '../deps.js';
import { callerOf } from '../../request-context.js';

// The OpenAPI document groups revisions and the audit trail (routes/v1/audit.ts) under one tag.
const tags = ['history'];

/** A revision number of the query: a positive integer, else a mistake in the query (400 naming the parameter, docs/api.md#errors). */
function revisionNumber(field: 'from' | 'to', value: string | undefined): number {
  if (value === undefined || value.trim() === '') throw invalidField(field, "can't be blank");
  if (!/^\d{1,9}$/.test(value.trim()) || Number(value) < 1) throw invalidField(field, 'must be a revision number (1, 2, ...)');
  return Number(value);
}

export async function revisionRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
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
      const { items, total } = await listRecipeRevisions(ctx, callerOf(request), request.params.id, {
        offset: page.offset,
        limit: page.perPage,
      });
      const body = items.map((revision) => ({ revision }));
      sendPage(request, reply, page, total, body);
      return body;
    },
  );

  app.get(
    '/recipes/:id/revisions/diff',
    {
      schema: {
        tags,
        summary: 'Compare any two revisions of a recipe: its data and its label',
        description:
          "What changed from revision `from` to revision `to` (either order; the same number gives no change): `changes` lists every difference in the recipe's fields and label settings, its lines, and the ingredients and costs beneath it, as a revision lists its own changes; `label` compares the labels the two revisions give (built by today's rules, in `language` and `format`, default the `to` revision's settings): the rows that print differently and the statements and claims. A revision number the recipe never had, or one left out: 400 naming from or to. Another account's recipe: 404.",
        params: IdParams,
        querystring: RevisionDiffQuery,
        response: { 200: RevisionDiffEnvelope, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { query } = request;
      const from = revisionNumber('from', query.from);
      const to = revisionNumber('to', query.to);
      const revision_diff = await revisionDiff(ctx, callerOf(request), request.params.id, {
        from,
        to,
        language: query.language,
        format: query.format,
      });
      return { revision_diff };
    },
  );
}
