// Approved labels (docs/api.md#history): POST and list under the recipe; GET, files and diff by approval id.
// Approvals are permanent: DELETE (and PUT) answer 405.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  approvalDiff,
  approvalFile,
  approvalSymbolFile,
  approvalsArePermanent,
  approveLabel,
  getApproval,
  listLabelApprovals,
} from '../../../services/approvals/index.js';
import type { LabelFileFormat } from '../../../services/labels/index.js';
import { labelDrawers } from '../../label-drawing.js';
import { pageOf, sendPage } from '../../pagination.js';
import { errorResponses, IdParams } from '../../resources/shared/common.js';
import {
  ApprovalBody,
  ApprovalEnvelope,
  ApprovalList,
  DiffEnvelope,
  FrozenSymbolFile,
  MethodNotAllowed,
} from '../../resources/label-approvals/schemas.js';
import { RevisionsQuery } from '../../resources/revisions/schemas.js';
import { LabelFile } from '../../resources/labels/schemas.js';
import type { RouteDeps } from '../deps.js';
import { callerOf } from '../../request-context.js';
import { sendFile, withLabelComplete } from '../../file-reply.js';

const tags = ['label approvals'];

export async function labelApprovalRoutes(plain: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { ctx } = deps;
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/recipes/:id/label_approvals',
    {
      config: { envelope: 'label_approval' },
      schema: {
        tags,
        summary:
          'Approve the label as it is now: frozen data, hash and files that never change (422 when incomplete, unless accept_incomplete)',
        description:
          'Freezes the label of `language` and `format` (default as for GET /v1/recipes/{id}/label) with its SHA-256, the recipe revision and its SVG, PNG and PDF, so you can show later which label was printed and why it was right. A label that is not complete (a nutrient some ingredient has no value for, docs/api.md#trust-and-completeness) is 422 unless `accept_incomplete: true`; a bad language or format is 422 naming it; 404 for a recipe you cannot read.',
        params: IdParams,
        body: ApprovalBody,
        response: { 201: ApprovalEnvelope, ...errorResponses(400, 404, 415, 422) },
      },
    },
    async (request, reply) => {
      // PNG and PDF take a render slot; a Canadian label's "High in" symbol is frozen with it.
      const { draw, drawSymbol } = labelDrawers(deps, request.account);
      const approval = await approveLabel(ctx, callerOf(request), request.params.id, request.body ?? {}, draw, drawSymbol);
      withLabelComplete(reply, approval.label.complete);
      return reply.code(201).send({ label_approval: approval });
    },
  );

  app.get(
    '/recipes/:id/label_approvals',
    {
      schema: {
        tags,
        summary: "The recipe's approved labels, newest first",
        description:
          'Every approval of the recipe, newest first, 20 a page (Link and X-Total-Count headers), each with its frozen label data and hash. 404 for a recipe you cannot read.',
        params: IdParams,
        querystring: RevisionsQuery,
        response: { 200: ApprovalList, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { items, total } = await listLabelApprovals(ctx, callerOf(request), request.params.id, {
        offset: page.offset,
        limit: page.perPage,
      });
      const body = items.map((label_approval) => ({ label_approval }));
      sendPage(request, reply, page, total, body);
      return body;
    },
  );

  app.get(
    '/label_approvals/:id',
    {
      schema: {
        tags,
        summary: 'An approved label: the same data on every request, forever',
        description:
          'The approval as it was made: the label data frozen at approval, its `sha256`, the revision it was built from and who approved it. Later changes to the recipe or its ingredients never change it (compare with GET /v1/label_approvals/{id}/diff). 404 when the id names no approval of yours.',
        params: IdParams,
        response: { 200: ApprovalEnvelope, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const approval = await getApproval(ctx, callerOf(request), request.params.id);
      withLabelComplete(reply, approval.label.complete);
      return { label_approval: approval };
    },
  );

  for (const format of ['svg', 'png', 'pdf'] as const satisfies readonly LabelFileFormat[]) {
    app.get(
      `/label_approvals/:id.${format}`,
      {
        schema: {
          tags,
          summary: `The approved label's ${format.toUpperCase()}, byte for byte as drawn at approval`,
          description: `The ${format.toUpperCase()} drawn when the label was approved (PNG at zoom 3, PDF on its own page size), the same bytes on every request: the file to send to the printer. X-Label-Complete says whether the approved label was complete. 404 when the id names no approval of yours.`,
          params: IdParams,
          produces: [format === 'svg' ? 'image/svg+xml' : format === 'png' ? 'image/png' : 'application/pdf'],
          response: { 200: LabelFile(format), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const file = await approvalFile(ctx, callerOf(request), request.params.id, format);
        return sendFile(withLabelComplete(reply, file.complete), format, file.bytes, file.name);
      },
    );
  }

  for (const format of ['svg', 'png', 'pdf'] as const satisfies readonly LabelFileFormat[]) {
    app.get(
      `/label_approvals/:id/front_of_pack.${format}`,
      {
        schema: {
          tags,
          summary: `The "High in" symbol frozen with an approved Canadian label, as ${format.toUpperCase()} (422 when it needed none)`,
          description:
            "Approving a ca_standard or ca_bilingual label whose recipe needs the front-of-package nutrition symbol (FDR B.01.350) also draws the symbol (bilingual, horizontal: the defaults of GET /v1/recipes/{id}/front_of_pack.svg) and stores its SVG, PNG and PDF. This returns those bytes, the same on every request, whatever the recipe or the code later becomes. 422 ValidationFailed (errors.front_of_pack) when the approved label needed no symbol: a US format, every nutrient under its threshold, an exemption, or an approval made before symbols were frozen. X-Label-Complete tells whether the approved label was complete. Another account's approval is a 404. Example: GET /v1/label_approvals/12/front_of_pack.png.",
          params: IdParams,
          produces: [format === 'svg' ? 'image/svg+xml' : format === 'png' ? 'image/png' : 'application/pdf'],
          response: { 200: FrozenSymbolFile, ...errorResponses(404, 422) },
        },
      },
      async (request, reply) => {
        const file = await approvalSymbolFile(ctx, callerOf(request), request.params.id, format);
        return sendFile(withLabelComplete(reply, file.complete), format, file.bytes, file.name, 'front-of-pack');
      },
    );
  }

  app.get(
    '/label_approvals/:id/diff',
    {
      schema: {
        tags,
        summary: 'The approved label against the label the recipe gives now, with the revisions since as causes',
        description:
          'What would print differently today: `changed`, the printed rows that differ (approved and current display), the statements that differ, and as `causes` the recipe revisions made since the approval. 404 when the id names no approval of yours.',
        params: IdParams,
        response: { 200: DiffEnvelope, ...errorResponses(404) },
      },
    },
    async (request) => ({ diff: await approvalDiff(ctx, callerOf(request), request.params.id) }),
  );

  for (const method of ['delete', 'put'] as const) {
    app[method](
      '/label_approvals/:id',
      {
        schema: {
          tags,
          summary: 'Approvals are permanent: always 405',
          description:
            'An approved label is a record of what was printed and why it was right at the time (docs/api.md#history): it cannot be changed or deleted. Your own approval answers 405 MethodNotAllowed with `Allow: GET`; approve the label again (POST /v1/recipes/{id}/label_approvals) to record a new one. 404 when the id names no approval of yours.',
          params: IdParams,
          response: { ...errorResponses(404), 405: MethodNotAllowed },
        },
      },
      async (request) => {
        // Another account's approval stays unknown (404); the caller's own cannot be changed (405).
        await getApproval(ctx, callerOf(request), request.params.id);
        throw approvalsArePermanent();
      },
    );
  }
}
