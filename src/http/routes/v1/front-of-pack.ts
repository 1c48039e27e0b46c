// /v1/recipes/{id}/front_of_pack(.svg|.png|.pdf) (docs/api.md#canada-front-of-pack, docs/api.md#uk-front-of-pack, docs/api.md#market-mexico): the Canadian "High in" nutrition
// symbol, Mexico's octagons or the UK's traffic-light panel as data and as files. PNG and PDF go through the render slots and the worker pool, the
// same path as label files; the suffix decides the format, whatever the Accept header says.
import type { Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recipeFrontOfPack, recipeSymbol, chooseSymbolOptions } from '../../../services/labels/index.js';
import { CONTENT_TYPES, fileOptionsOf, renderSymbolFile, type LabelFileFormat } from '../../../services/labels/index.js';
import { sendFile } from '../../file-reply.js';
import { errorResponses, IdParams } from '../../resources/shared/common.js';
import { FrontOfPackEnvelope, SymbolFile, SymbolFileQuery, SymbolQuery } from '../../resources/front-of-pack/schemas.js';
import { callerOf } from '../../request-context.js';
import type { RouteDeps } from '../deps.js';

const tags = ['labels'];
const COMPLETE_HEADER = 'X-Label-Complete';

export async function frontOfPackRoutes(plain: FastifyInstance, deps: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx, renderSlots, renderPool } = deps;

  app.get(
    '/recipes/:id/front_of_pack',
    {
      schema: {
        tags,
        summary:
          'The Canadian "High in" nutrition symbol (FDR B.01.350), Mexico\'s warning octagons (language=es-MX) or the UK traffic-light panel (language=en-GB)',
        description:
          "Whether the recipe's Canadian label must carry the front-of-package nutrition symbol (FDR B.01.350-B.01.357), for which of saturated fat, sugars and sodium, or the exemption that applies (label_settings.front_of_pack_exemption); with language=es-MX, the warning octagons and legends of Mexico's label (NOM-051-SCFI/SSA1-2010 4.5.3, 7.1.3-7.1.4) with the phase in force; with language=en-GB, the UK's voluntary traffic-light panel (energy, fat, saturates, sugars, salt per portion with %RI, fat to salt green, amber or red by the per-100 g bands of the Department of Health's 2016 front-of-pack guide; an unknown amount is never coloured and the panel is then incomplete). A bad language is 400 naming the allowed ones; 404 for a recipe you cannot read.",
        params: IdParams,
        querystring: SymbolQuery,
        response: { 200: FrontOfPackEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      // The Canadian determination does not depend on them, but a bad language or orientation is refused here too (400).
      const choice = chooseSymbolOptions(request.query);
      const found = await recipeFrontOfPack(ctx, callerOf(request), request.params.id, choice);
      reply.header(COMPLETE_HEADER, String(found.complete));
      return { front_of_pack: found.front_of_pack };
    },
  );

  const sendSymbolFile = async (
    format: LabelFileFormat,
    recipeId: number,
    query: Static<typeof SymbolFileQuery>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const options = fileOptionsOf(format, query);
    const found = await recipeSymbol(ctx, callerOf(request), recipeId, query);
    // docs/api.md#limits: render slots apply to PDF and PNG renders, exactly as for label files.
    // The pool serves accounts in turn (src/render/scheduler.ts): the symbol waits for the caller's turn.
    const render = () => renderSymbolFile(renderPool, found.drawing, options, request.account.id);
    // A render waits in the account's render slots, bounded by their own limit: its account slot goes to its next request (RELIABILITY.md#account-share).
    if (format !== 'svg') reply.server.accountShares.stepOut(reply);
    const bytes = format === 'svg' ? await render() : await renderSlots.run(request.account, render);
    return sendFile(reply.header(COMPLETE_HEADER, String(found.complete)), format, bytes, found.name, 'front-of-pack');
  };
  for (const format of ['svg', 'png', 'pdf'] as const) {
    app.get(
      `/recipes/:id/front_of_pack.${format}`,
      {
        schema: {
          tags,
          summary: `The "High in" nutrition symbol, the Mexican octagons (es-MX) or the UK traffic-light panel (en-GB) as ${format.toUpperCase()}`,
          description: `The front-of-package nutrition symbol as Health Canada's Directory of Nutrition Symbol Formats draws it, black on white, in \`language\` (en-CA, fr-CA or bilingual; es-MX draws Mexico's octagons and legends; en-GB the UK's traffic-light panel, five rounded boxes coloured by the per-100 g bands) and \`orientation\`${format === 'png' ? '; `zoom` scales the image' : format === 'pdf' ? '; `page_size` chooses the page' : ''}. When the recipe needs no symbol (or is exempt; never for the voluntary UK panel) the answer is 422 ValidationFailed saying so; a bad language, orientation, zoom or page_size is 400 naming it; 404 for a recipe you cannot read.`,
          params: IdParams,
          querystring: SymbolFileQuery,
          produces: [CONTENT_TYPES[format]],
          response: { 200: SymbolFile(format), ...errorResponses(404, 422) },
        },
      },
      (request, reply) => sendSymbolFile(format, request.params.id, request.query, request, reply),
    );
  }
}
