// GET /embed/{embed_token} (and .svg, .png): the recipe's label for an iframe on a customer's site
// (docs/api.md §6). No key and no API request limits: the token is the credential, and rotating it
// (recipe update with embed_token=rotate) kills every old embed.
//
// Abuse guard (docs/api.md §6.2): the HTML page and the SVG are strings built in about a
// millisecond. A PNG is real CPU work, done for nobody in particular: it runs as the pool's
// anonymous tenant (a small share of the threads, a short queue, never ahead of an account's
// render), at most EMBED_RENDERS_PER_MINUTE times a minute per token, and identical images come from
// a small cache. It takes none of the owner's render slots, so hammering an embed cannot make the
// owner's own API renders answer 429.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { embedRateLimited, embedRendersBusy, notFound } from '../../errors.js';
import { renderEmbedHtml } from '../../render/html.js';
import { EmbedImageCache } from '../../services/labels/index.js';
import { fileOptionsOf, renderLabelFile, type LabelFileFormat } from '../../services/labels/index.js';
import { EmbedRenderRate } from '../../services/limits/index.js';
import { embedLabel } from '../../services/labels/index.js';
import { LabelFileQuery, TokenParams } from '../schemas/label.js';
import type { RouteDeps } from './deps.js';
import { sendFile, withLabelComplete } from '../file-reply.js';

// An unknown token and a rotated one must look the same (no hint that a recipe ever had it).
const embedNotFound = () => notFound('label');

function splitToken(raw: string): { token: string; format: 'html' | LabelFileFormat } | null {
  const match = /^([A-Za-z0-9_-]{1,100})(?:\.(svg|png))?$/.exec(raw);
  if (!match) return null;
  const suffix = match[2];
  return { token: match[1]!, format: suffix === 'svg' || suffix === 'png' ? suffix : 'html' };
}

function framable(reply: FastifyReply): FastifyReply {
  // Meant to be framed by any site; never cached, so a rotated token stops working at once.
  return reply
    .header('Cache-Control', 'no-cache')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors *");
}

export async function embedRoutes(plain: FastifyInstance, deps: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx, config } = deps;
  const rate = new EmbedRenderRate(ctx.clock, config.renderLimits.embedPerMinute);
  const images = new EmbedImageCache();
  /**
   * A PNG that would be refused for want of a render is refused before its label is computed (a
   * deep recipe's takes ~15 ms of the event loop, which every account's requests share). Under
   * such load a PNG that happens to be cached is refused too: the price of keeping refusals cheap.
   */
  const refuseEarly = (token: string) => {
    const verdict = rate.peek(token);
    if (!verdict.allowed) throw embedRateLimited(rate.perMinute, verdict.retryAfterSeconds);
    if (deps.renderPool.anonymousFull()) throw embedRendersBusy();
  };
  app.get(
    '/embed/:token',
    {
      schema: { hide: true, params: TokenParams, querystring: LabelFileQuery },
    },
    async (request, reply) => {
      const parts = splitToken(request.params.token);
      if (!parts) throw embedNotFound();
      if (parts.format === 'png') refuseEarly(parts.token);
      const { query } = request;
      const found = await embedLabel(ctx, parts.token, query);
      if (!found) throw embedNotFound();
      const { recipe, label } = found;
      withLabelComplete(reply, label.complete);
      if (parts.format === 'html') {
        return framable(reply)
          .type('text/html; charset=utf-8')
          .send(renderEmbedHtml(label, { title: recipe.name }));
      }
      const options = fileOptionsOf(parts.format, query);
      if (parts.format === 'svg')
        return sendFile(framable(reply), 'svg', await renderLabelFile(deps.renderPool, label, options, 'anonymous'), recipe.name);
      const bytes = await images.getOrDraw(images.keyOf(label, options.zoom), async () => {
        const verdict = rate.take(parts.token);
        if (!verdict.allowed) throw embedRateLimited(rate.perMinute, verdict.retryAfterSeconds);
        return renderLabelFile(deps.renderPool, label, options, 'anonymous');
      });
      return sendFile(framable(reply), 'png', bytes, recipe.name);
    },
  );
}
