// GET /v1/label_renders/{token}/download?expires=...&signature=... (and under /api/v1): the signed
// download of an asynchronous render. No key (API.md §6: the link "needs no key"): the signature
// is the credential, so this sits outside the authenticated API (and its request limits).
import type { FastifyInstance } from 'fastify';
import { labelRenderDownload } from '../../../services/label-renders.js';
import type { LabelFileFormat } from '../../../services/labels-files.js';
import { DownloadQuery, TokenParams } from '../../schemas/label.js';
import type { RouteDeps } from '../deps.js';
import { sendFile, signerOf } from './labels-shared.js';

export const DOWNLOAD_PREFIXES = ['/v1', '/api/v1'] as const;

export async function labelDownloadRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const signer = signerOf(deps.config);
  for (const prefix of DOWNLOAD_PREFIXES) {
    app.get(`${prefix}/label_renders/:token/download`, {
      schema: { hide: prefix !== '/v1', tags: ['labels'], summary: 'Signed download of an asynchronous render (no key)', security: [], params: TokenParams, querystring: DownloadQuery },
    }, async (request, reply) => {
      const { token } = request.params as { token: string };
      const { expires, signature } = request.query as { expires?: string; signature?: string };
      const file = await labelRenderDownload({ ctx: deps.ctx, signer }, token, expires, signature);
      return sendFile(reply, file.format as LabelFileFormat, file.bytes, `recipe-${file.recipeId}`);
    });
  }
}
