// GET /embed/{embed_token} (and .svg, .png): the recipe's label for an iframe on a customer's site
// (docs/api.md#labels). No key and no account limits: the token is the credential, and rotating it
// (recipe update with embed_token=rotate) kills every old embed.
//
// Abuse guard (docs/api.md#render-limits): every embed request counts against its client address and its
// token (EMBED_REQUESTS_PER_MINUTE_PER_ADDRESS / _PER_TOKEN, 429 beyond), before anything is read;
// the work of preparing it takes its turn, one embed per turn of the event loop, and unchanged files
// come from the embed cache (src/services/labels/embeds.ts). A PNG is drawn by the pool's anonymous
// tenant and takes none of the owner's render slots, so hammering an embed cannot make the owner's
// own API renders answer 429.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../errors.js';
import type { EmbedFormat } from '../../services/labels/index.js';
import { anonymousCounterOf, EmbedRequestLimits } from '../../services/limits/index.js';
import { LabelFileQuery, TokenParams } from '../resources/labels/schemas.js';
import type { RouteDeps } from './deps.js';
import { sendFile, withLabelComplete } from '../file-reply.js';

// An unknown token and a rotated one must look the same (no hint that a recipe ever had it).
const embedNotFound = () => notFound('label');

function splitToken(raw: string): { token: string; format: EmbedFormat } | null {
  const match = /^([A-Za-z0-9_-]{1,100})(?:\.(svg|png))?$/.exec(raw);
  if (!match) return null;
  const [, token = '', suffix] = match;
  return { token, format: suffix === 'svg' || suffix === 'png' ? suffix : 'html' };
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
  const { embeds } = deps;
  const limits = new EmbedRequestLimits(
    anonymousCounterOf(deps.limits, ctx.clock),
    config.embedLimits,
    () => ctx.clock.now().getTime() / 1000,
  );
  app.get(
    '/embed/:token',
    {
      schema: { hide: true, params: TokenParams, querystring: LabelFileQuery },
    },
    async (request, reply) => {
      const parts = splitToken(request.params.token);
      if (!parts) throw embedNotFound();
      await limits.take(request.ip, parts.token);
      if (parts.format === 'png') embeds.refusePngEarly(parts.token);
      const file = await embeds.file(parts.token, parts.format, request.query);
      if (!file) throw embedNotFound();
      withLabelComplete(framable(reply), file.complete);
      if (parts.format === 'html') return reply.type('text/html; charset=utf-8').send(file.bytes);
      return sendFile(reply, parts.format, file.bytes, file.name);
    },
  );
}
