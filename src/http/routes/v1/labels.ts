// /v1/recipes/{id}/label(.svg|.png|.pdf), /v1/recipes/label_renders/{token}, /v1/labels/{token}
// (API.md §6). The suffix decides the format, whatever the Accept header says.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { labelRenderStatus, LabelRenderQueue } from '../../../services/label-renders.js';
import { fileOptionsOf, type LabelFileFormat, type LabelFileQuery } from '../../../services/labels-files.js';
import { savedLabel } from '../../../services/labels-saved.js';
import { recipeLabel, type LabelQuery } from '../../../services/labels.js';
import { errorResponses, IdParams } from '../../schemas/common.js';
import {
  BinaryFile, LabelEnvelope, LabelFileQuery as LabelFileQuerySchema, LabelQuery as LabelQuerySchema, LabelRenderEnvelope,
  SavedLabelEnvelope, SavedLabelQuery, TokenParams,
} from '../../schemas/label.js';
import type { RouteDeps } from '../deps.js';
import { callerOf } from './ingredients.js';
import { baseUrlOf, fileRenderer, sendFile, signerOf } from './labels-shared.js';
import { recipeIdOf } from './recipes.js';

const tags = ['labels'];

export async function labelRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { ctx, config, renderSlots } = deps;
  const renderFile = fileRenderer(deps);
  const signer = signerOf(config);
  const queue = new LabelRenderQueue({ ctx, renderSlots, defaults: config.defaults, renderFile, signer });
  app.addHook('onClose', () => queue.drain());

  app.get('/recipes/:id/label', {
    schema: {
      tags, summary: 'The label as data (API.md §6.1)', params: IdParams, querystring: LabelQuerySchema,
      response: { 200: LabelEnvelope, ...errorResponses(404, 422) },
    },
  }, async (request) => {
    const { label } = await recipeLabel(ctx, callerOf(request), recipeIdOf(request), request.query as LabelQuery);
    return { label };
  });

  const fileRoute = (format: LabelFileFormat) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as LabelQuery & LabelFileQuery & { async?: string };
    const { recipe, label } = await recipeLabel(ctx, callerOf(request), recipeIdOf(request), query);
    const options = fileOptionsOf(format, query);
    if (query.async === 'true' || query.async === '1') {
      return reply.code(202).send({ label_render: await queue.start(request.account, recipe.recipe_id, label, options) });
    }
    // API.md §1.7: render slots apply to PDF and PNG renders; an SVG is a string built in well under a millisecond.
    const bytes = format === 'svg' ? await renderFile(label, options) : await renderSlots.run(request.account, () => renderFile(label, options));
    return sendFile(reply, format, bytes, recipe.name);
  };
  for (const format of ['svg', 'png', 'pdf'] as const) {
    app.get(`/recipes/:id/label.${format}`, {
      schema: {
        tags, summary: `The label as ${format.toUpperCase()} (?async=true: 202 and a render to poll)`, params: IdParams,
        querystring: LabelFileQuerySchema, produces: [format === 'svg' ? 'image/svg+xml' : format === 'png' ? 'image/png' : 'application/pdf'],
        response: { 200: BinaryFile, 202: LabelRenderEnvelope, ...errorResponses(404, 422) },
      },
    }, fileRoute(format));
  }

  app.get('/recipes/label_renders/:token', {
    schema: {
      tags, summary: 'Status of an asynchronous render; `url` (signed, 10 minutes, no key) once ready', params: TokenParams,
      response: { 200: LabelRenderEnvelope, ...errorResponses(404) },
    },
  }, async (request) => {
    const { token } = request.params as { token: string };
    return { label_render: await labelRenderStatus({ ctx, signer }, callerOf(request), token, baseUrlOf(config, request)) };
  });

  app.get('/labels/:token', {
    schema: {
      tags, summary: "The recipe's saved label settings, claims and statements per language (token: the recipe's embed_token)",
      params: TokenParams, querystring: SavedLabelQuery, response: { 200: SavedLabelEnvelope, ...errorResponses(404, 422) },
    },
  }, async (request) => {
    const { token } = request.params as { token: string };
    const { result_format } = request.query as { result_format?: string };
    return { label: await savedLabel(ctx, callerOf(request), token, result_format) };
  });
}
