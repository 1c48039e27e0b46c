// What the label, download and embed routes share: one signer per app, the base URL of absolute
// links, and turning a label model into file bytes (SVG inline: cheap; PNG and PDF in the pool).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.js';
import type { LabelModel } from '../../../core/label/model.js';
import { createSigner, type Signer } from '../../../lib/signing.js';
import { contentDispositionOf, CONTENT_TYPES, type LabelFileFormat, type LabelFileOptions } from '../../../services/labels-files.js';
import { renderLabelSvg } from '../../../render/svg/index.js';
import type { RouteDeps } from '../deps.js';

const signers = new WeakMap<Config, Signer>();

/**
 * One signer per app (keyed by its config): the status route signs what the public download route
 * checks. Without RECIPAL_SECRET the secret is random per process, so several instances behind one
 * address must share RECIPAL_SECRET for their links to work on each other.
 */
export function signerOf(config: Config): Signer {
  let signer = signers.get(config);
  if (!signer) signers.set(config, (signer = createSigner(config.secret)));
  return signer;
}

/** PUBLIC_URL when set, else what the request says it reached (protocol honours TRUST_PROXY). */
export function baseUrlOf(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function fileRenderer(deps: RouteDeps): (model: LabelModel, options: LabelFileOptions) => Promise<Buffer> {
  return async (model, options) => {
    if (options.format === 'svg') return Buffer.from(renderLabelSvg(model), 'utf8');
    if (options.format === 'png') return deps.renderPool.render({ kind: 'png', model, zoom: options.zoom });
    return deps.renderPool.render({ kind: 'pdf', model, pageSize: options.pageSize });
  };
}

export function sendFile(reply: FastifyReply, format: LabelFileFormat, bytes: Buffer, name: string): FastifyReply {
  return reply
    .header('Content-Type', CONTENT_TYPES[format])
    .header('Content-Disposition', contentDispositionOf(name, format))
    .header('X-Content-Type-Options', 'nosniff')
    .send(bytes);
}

