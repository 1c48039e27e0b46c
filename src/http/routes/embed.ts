// GET /embed/{embed_token} (and .svg, .png): the recipe's label for an iframe on a customer's site
// (API.md §6). No key and no API request limits: the token is the credential, and rotating it
// (recipe update with embed_token=rotate) kills every old embed.
//
// Abuse guard, decided: the HTML page and the SVG are strings built in about a millisecond, so they
// take no render slot; a PNG is real CPU work, so it takes one of the recipe OWNER's render slots
// (the same pool of 5 as the owner's API downloads). Hammering an embed PNG can then keep at most
// that many renders in flight, and only delays its owner's own renders (429, Retry-After).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../errors.js';
import { renderEmbedHtml } from '../../render/html.js';
import { fileOptionsOf, type LabelFileFormat } from '../../services/labels-files.js';
import { embedLabel, type LabelQuery } from '../../services/labels.js';
import { LabelFileQuery } from '../schemas/label.js';
import type { RouteDeps } from './deps.js';
import { fileRenderer, sendFile } from './v1/labels-shared.js';

// An unknown token and a rotated one must look the same (no hint that a recipe ever had it).
const embedNotFound = () => notFound('label');

function splitToken(raw: string): { token: string; format: 'html' | LabelFileFormat } | null {
  const match = /^([A-Za-z0-9_-]{1,100})(?:\.(svg|png))?$/.exec(raw);
  if (!match) return null;
  return { token: match[1]!, format: (match[2] as 'svg' | 'png' | undefined) ?? 'html' };
}

function framable(reply: FastifyReply): FastifyReply {
  // Meant to be framed by any site; never cached, so a rotated token stops working at once.
  return reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors *");
}

export async function embedRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { ctx, renderSlots } = deps;
  const renderFile = fileRenderer(deps);
  app.get('/embed/:token', {
    schema: { hide: true, querystring: LabelFileQuery },
  }, async (request, reply) => {
    const parts = splitToken((request.params as { token: string }).token);
    if (!parts) throw embedNotFound();
    const query = request.query as LabelQuery & { zoom?: string };
    const found = await embedLabel(ctx, parts.token, query);
    if (!found) throw embedNotFound();
    const { recipe, label } = found;
    if (parts.format === 'html') {
      return framable(reply).type('text/html; charset=utf-8').send(renderEmbedHtml(label, { title: recipe.name }));
    }
    const options = fileOptionsOf(parts.format, query);
    if (parts.format === 'svg') return sendFile(framable(reply), 'svg', await renderFile(label, options), recipe.name);
    const bytes = await renderSlots.run(found.owner, () => renderFile(label, options));
    return sendFile(framable(reply), 'png', bytes, recipe.name);
  });
}
