// Signed links (docs/api.md#labels: asynchronous render downloads need no key): one signer per app, and
// the base URL absolute links start with.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { listenUrl } from '../lib/listen-url.js';
import { createSigner, type Signer } from '../lib/signing.js';

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

/** PUBLIC_URL when set, else the address the server listens on; never the request's Host header (docs/api.md#labels). */
export function baseUrlOf(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const address = request.server.server.address();
  return listenUrl(config, typeof address === 'object' && address ? address.port : config.port);
}
