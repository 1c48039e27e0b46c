// /v1/recipes/{id}/label(.svg|.png|.pdf), /v1/recipes/label_renders/{token}, /v1/labels/{token}
// (docs/api.md §6). The suffix decides the format, whatever the Accept header says.
import type { Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  fileOptionsOf,
  labelRenderStatus,
  recipeLabel,
  renderLabelFile,
  savedLabel,
  type LabelFileFormat,
} from '../../../services/labels/index.js';
import { errorResponses, IdParams } from '../../schemas/common.js';
import {
  BinaryFile,
  LabelEnvelope,
  LabelFileQuery,
  LabelQuery,
  LabelRenderEnvelope,
  SavedLabelEnvelope,
  SavedLabelQuery,
  TokenParams,
} from '../../schemas/label.js';
import { callerOf, recipeIdOf } from '../../request-context.js';
import type { RouteDeps } from '../deps.js';
import { sendFile, withLabelComplete } from '../../file-reply.js';
import { baseUrlOf, signerOf } from '../../signed-links.js';

const tags = ['labels'];

export async function labelRoutes(plain: FastifyInstance, deps: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx, config, renderSlots } = deps;
  const signer = signerOf(config);
  const queue = deps.labelRenders;

  app.get(
    '/recipes/:id/label',
    {
      schema: {
        tags,
        summary: 'The label as data (docs/api.md §6.1)',
        params: IdParams,
        querystring: LabelQuery,
        response: { 200: LabelEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { label } = await recipeLabel(ctx, callerOf(request), recipeIdOf(request), request.query);
      withLabelComplete(reply, label.complete);
      return { label };
    },
  );

  const sendLabelFile = async (
    format: LabelFileFormat,
    query: Static<typeof LabelFileQuery>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const { recipe, label } = await recipeLabel(ctx, callerOf(request), recipeIdOf(request), query);
    const options = fileOptionsOf(format, query);
    withLabelComplete(reply, label.complete);
    if (query.async === 'true' || query.async === '1') {
      return reply.code(202).send({ label_render: await queue.start(request.account, recipe.recipe_id, label, options) });
    }
    // docs/api.md §1.7: render slots apply to PDF and PNG renders; an SVG is a string built in well under a millisecond.
    const account = request.account;
    const render = () => renderLabelFile(deps.renderPool, label, options, account.id);
    const bytes = format === 'svg' ? await render() : await renderSlots.run(account, render);
    return sendFile(reply, format, bytes, recipe.name);
  };
  for (const format of ['svg', 'png', 'pdf'] as const) {
    app.get(
      `/recipes/:id/label.${format}`,
      {
        schema: {
          tags,
          summary: `The label as ${format.toUpperCase()} (?async=true: 202 and a render to poll)`,
          params: IdParams,
          querystring: LabelFileQuery,
          produces: [format === 'svg' ? 'image/svg+xml' : format === 'png' ? 'image/png' : 'application/pdf'],
          response: { 200: BinaryFile, 202: LabelRenderEnvelope, ...errorResponses(404, 422) },
        },
      },
      (request, reply) => sendLabelFile(format, request.query, request, reply),
    );
  }

  app.get(
    '/recipes/label_renders/:token',
    {
      schema: {
        tags,
        summary: 'Status of an asynchronous render; `url` (signed, 10 minutes, no key) once ready',
        params: TokenParams,
        response: { 200: LabelRenderEnvelope, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const render = await labelRenderStatus({ ctx, signer }, callerOf(request), token, baseUrlOf(config, request));
      withLabelComplete(reply, render.complete);
      return { label_render: render };
    },
  );

  app.get(
    '/labels/:token',
    {
      schema: {
        tags,
        summary: "The recipe's saved label settings, claims and statements per language (token: the recipe's embed_token)",
        params: TokenParams,
        querystring: SavedLabelQuery,
        response: { 200: SavedLabelEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const { result_format } = request.query;
      const label = await savedLabel(ctx, callerOf(request), token, result_format);
      withLabelComplete(reply, label.complete);
      return { label };
    },
  );
}
