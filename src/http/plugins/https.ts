// REQUIRE_HTTPS (docs/api.md#authentication): a request that arrived over plain HTTP gets 403 HttpsRequired.
// fastify's request.protocol reads the socket, and X-Forwarded-Proto only when trustProxy is on,
// so a forged header from a client talking to us directly changes nothing.
import type { FastifyInstance } from 'fastify';
import { httpsRequired } from '../../errors.js';

// Load balancers probe these over plain HTTP; they stay reachable.
const ALWAYS_OPEN = new Set(['/healthz', '/readyz']);

export function registerRequireHttps(app: FastifyInstance, requireHttps: boolean): void {
  if (!requireHttps) return;
  app.addHook('onRequest', async (request) => {
    if (request.protocol === 'https') return;
    const query = request.url.indexOf('?');
    const path = query < 0 ? request.url : request.url.slice(0, query);
    if (ALWAYS_OPEN.has(path)) return;
    throw httpsRequired();
  });
}
