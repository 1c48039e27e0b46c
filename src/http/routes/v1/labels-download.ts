// GET /v1/label_renders/{token}/download?expires=...&signature=... (and under /api/v1): the signed
// download of an asynchronous render. No key (docs/api.md#labels: the link "needs no key"): the signature
// is the credential, so this sits outside the authenticated API (and its request limits).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { labelRenderDownload } from '../../../services/labels/index.js';
import { errorResponse, errorResponses } from '../../resources/shared/common.js';
import { BinaryFile, DownloadQuery, TokenParams } from '../../resources/labels/schemas.js';
import type { RouteDeps } from '../deps.js';
import { sendFile, withLabelComplete } from '../../file-reply.js';
import { signerOf } from '../../signed-links.js';

export const DOWNLOAD_PREFIXES = ['/v1', '/api/v1'] as const;

export async function labelDownloadRoutes(plain: FastifyInstance, deps: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const signer = signerOf(deps.config);
  for (const prefix of DOWNLOAD_PREFIXES) {
    app.get(
      `${prefix}/label_renders/:token/download`,
      {
        schema: {
          hide: prefix !== '/v1',
          tags: ['labels'],
          summary: 'Signed download of an asynchronous render (no key)',
          description:
            'The file of a finished asynchronous render, by the signed `url` its status gave: `expires` and `signature` are the credential, so no API key is needed (and none is counted). An expired link or a wrong signature is 403 (poll GET /v1/recipes/label_renders/{token} for a fresh one); a render no longer kept is 404.',
          security: [],
          params: TokenParams,
          querystring: DownloadQuery,
          produces: ['image/svg+xml', 'image/png', 'application/pdf'],
          response: {
            200: BinaryFile,
            403: errorResponse('Forbidden: the link is not valid or has expired; poll the render again for a fresh one.'),
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const { expires, signature } = request.query;
        const file = await labelRenderDownload({ ctx: deps.ctx, signer }, token, expires, signature);
        return sendFile(withLabelComplete(reply, file.complete), file.format, file.bytes, `recipe-${file.recipeId}`);
      },
    );
  }
}
