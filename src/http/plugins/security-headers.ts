// Headers every response carries (docs/api.md#responses): API answers hold account data and must not be
// stored by shared caches or browsers, nor sniffed into another content type; pages and files that
// may be cached (the account stylesheet, embeds) say so themselves. Requests that arrived over HTTPS
// (TLS terminated here, or by a trusted proxy) also get Strict-Transport-Security, so a browser that
// once reached the server over HTTPS keeps to it; browsers ignore the header over plain HTTP anyway.
//
// Why not @fastify/helmet here: the API needs these three headers; the HTML pages already set exact
// policies (the account page's CSP, the embed's frame-ancestors *, swagger-ui's own CSP), which
// helmet's defaults would override or break. The label studio registers helmet in its own scope, for
// its nonce CSP (src/http/routes/studio/index.ts; docs/decisions.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** One year; subdomains are left alone: the server does not know what else runs on its domain. */
export const HSTS = 'max-age=31536000';

export function securityHeadersFor(request: FastifyRequest): Record<string, string> {
  return request.protocol === 'https' ? { ...SECURITY_HEADERS, 'Strict-Transport-Security': HSTS } : SECURITY_HEADERS;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request));
    done();
  });
}
