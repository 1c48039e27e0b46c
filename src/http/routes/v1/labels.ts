// /v1/recipes/{id}/label(.svg|.png|.pdf), /v1/recipes/label_renders/{token}, /v1/labels/{token}
// (docs/api.md#labels). The suffix decides the format, whatever the Accept header says.
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
import { invalidField } from '../../../errors.js';
import { errorResponses, IdParams } from '../../resources/shared/common.js';
import {
  LabelEnvelope,
  LabelFile,
  LabelFileQuery,
  LabelQuery,
  LabelRenderEnvelope,
  LabelRenderStarted,
  SavedLabelEnvelope,
  SavedLabelQuery,
  TokenParams,
} from '../../resources/labels/schemas.js';
import { callerOf } from '../../request-context.js';
import type { RouteDeps } from '../deps.js';
import { sendFile, withLabelComplete } from '../../file-reply.js';
import { baseUrlOf, signerOf } from '../../signed-links.js';

const tags = ['labels'];

/** `async`: true or 1 renders in the background, false, 0 or nothing at once; any other value is a mistake (docs/api.md#errors). */
function asyncOf(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw invalidField('async', 'must be true or false');
}

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
        summary: 'The label as data (docs/api.md#label-data)',
        description:
          "The Nutrition Facts of the recipe as data: serving size, rows with rounded amounts and % Daily Values as printed, footnote, claims, allergen and ingredient statements, and `complete` with `warnings` (a nutrient some ingredient has no value for: docs/api.md#trust-and-completeness). `language` and `format` choose the label (default: the recipe's label_settings); `as_of` builds it as the recipe stood then. The X-Label-Complete header repeats `complete`. A format that is not allowed in the language is 400 naming it (a mistake in the query); 404 for a recipe you cannot read.",
        params: IdParams,
        querystring: LabelQuery,
        response: { 200: LabelEnvelope, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { label } = await recipeLabel(ctx, callerOf(request), request.params.id, request.query);
      withLabelComplete(reply, label.complete);
      return { label };
    },
  );

  const sendLabelFile = async (
    format: LabelFileFormat,
    recipeId: number,
    query: Static<typeof LabelFileQuery>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const options = fileOptionsOf(format, query);
    const async = asyncOf(query.async);
    const { recipe, label } = await recipeLabel(ctx, callerOf(request), recipeId, query);
    withLabelComplete(reply, label.complete);
    if (async) {
      return reply.code(202).send({ label_render: await queue.start(request.account, recipe.recipe_id, label, options) });
    }
    // docs/api.md#limits: render slots apply to PDF and PNG renders; an SVG is a string built in well under a millisecond.
    const account = request.account;
    const render = () => renderLabelFile(deps.renderPool, label, options, account.id);
    // A render waits in the account's render slots, bounded by their own limit: its account slot goes to its next request (RELIABILITY.md#account-share).
    if (format !== 'svg') reply.server.accountShares.stepOut(reply);
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
          description: `The label of GET /v1/recipes/{id}/label drawn as ${format.toUpperCase()}${format === 'png' ? ' (`zoom` 0.8 to 6, default 3)' : format === 'pdf' ? ' (`page_size` auto, letter, legal or A4)' : ''}; an incomplete label carries a band "INCOMPLETE DATA - NOT FOR PRINT" and X-Label-Complete: false. With \`async=true\` the answer is 202 with a label_render to poll at GET /v1/recipes/label_renders/{token}. ${format === 'svg' ? '' : 'At most 5 PNG/PDF renders of an account (by default) run at once: the next is 429 RenderConcurrencyExceeded with Retry-After. '}A bad language, format, zoom, page_size or async is 400 naming it (zoom and page_size are checked on every format, used by PNG and PDF); a render stopped at its time limit is 422 RenderTimedOut; 404 for a recipe you cannot read.`,
          params: IdParams,
          querystring: LabelFileQuery,
          produces: [format === 'svg' ? 'image/svg+xml' : format === 'png' ? 'image/png' : 'application/pdf'],
          response: { 200: LabelFile(format), 202: LabelRenderStarted, ...errorResponses(404, 422) },
        },
      },
      (request, reply) => sendLabelFile(format, request.params.id, request.query, request, reply),
    );
  }

  app.get(
    '/recipes/label_renders/:token',
    {
      schema: {
        tags,
        summary: 'Status of an asynchronous render; `url` (signed, 10 minutes, no key) once ready',
        description:
          'Poll this after asking a label file with ?async=true: `status` goes waiting, processing, then ready (with `url`, a signed link valid 10 minutes that needs no key) or error. 404 when the token names no render of yours, or one no longer kept.',
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
        description:
          "ReciPal's label endpoint: the recipe's saved label_settings, and per language the format, claims, disclosures, ingredient and allergen statements, and completeness. `result_format` computes them for that format instead. The token is the recipe's `embed_token`; 404 when it names no recipe of yours.",
        params: TokenParams,
        querystring: SavedLabelQuery,
        response: { 200: SavedLabelEnvelope, ...errorResponses(404) },
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
