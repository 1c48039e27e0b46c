// Slow clients are cut off (docs/api.md#slow-clients, README "Configuration"): a client that
// trickles its headers or body holds a connection, a socket and, for bodies, parser memory.
// - HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS are Node's own headersTimeout / requestTimeout (the
//   parser checks them every connectionsCheckingInterval, here a quarter of the shorter one, at most
//   1 s); what they cut is answered by protocol-errors.ts.
// - BODY_IDLE_TIMEOUT_MS is ours: the longest pause between two pieces of a body, checked while the
//   body is read, so a request whose body stalls gets 408 long before the whole-request limit.
// None of them limits how long a handler may take to answer.
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Timeouts } from '../../config.js';
import { requestTimeout } from './protocol-errors.js';

/** Node server options for these timeouts (for http.createServer and https.createServer alike). */
export function serverTimeoutOptions(timeouts: Timeouts): {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
} {
  const shortest = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(shortest / 4))),
  };
}

/** The request says a body follows (a length other than 0, or chunks). */
export function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/** The body as a stream that fails with 408 RequestTimeout when no byte arrives for `idleMs`. */
function idleLimited(payload: Readable, idleMs: number): Readable {
  const limited = new PassThrough();
  const timer = setTimeout(() => {
    payload.unpipe(limited);
    limited.destroy(requestTimeout());
  }, idleMs);
  payload.on('data', () => timer.refresh());
  payload.once('end', () => clearTimeout(timer));
  payload.once('error', (error) => {
    clearTimeout(timer);
    limited.destroy(error);
  });
  limited.once('close', () => clearTimeout(timer));
  // A body the server never reads (a GET's, or one answered 404 or 415 before parsing) has no reader
  // to hear its timeout: unheard, a stream's error is uncaught and ends the process.
  limited.on('error', () => undefined);
  payload.pipe(limited);
  return limited;
}

export function registerBodyIdleTimeout(app: FastifyInstance, idleMs: number): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!hasBody(request.headers)) return done(null, payload);
    const limited = idleLimited(payload, idleMs);
    // Once the answer is out, a body still unread is no longer waited for: its timer stops.
    const over = () => limited.destroy();
    reply.raw.once('finish', over);
    reply.raw.once('close', over);
    done(null, limited);
  });
}
