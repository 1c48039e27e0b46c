// A request answered before its body has arrived whole (a GET with a body, a 404 for a path that
// takes none, a 415 for a body nobody parses, a 401 or 429 given before the body is read) leaves the
// rest of that body on the connection. Node reads the next request only after it, and nothing reads
// it: the connection would wait for REQUEST_TIMEOUT_MS and a 408. So at the answer:
// - a body of known length up to UNREAD_BODY_DISCARD_BYTES is read to its end and thrown away once
//   the answer is out (reading a small body costs less than the client's new connection);
// - any other body (larger, or chunked, whose length is unknown) is answered `Connection: close`,
//   and Node closes the connection once the answer is out: nothing waits for bytes nobody wants.
// docs/api.md#errors and RELIABILITY.md "Connections".
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { hasBody } from './timeouts.js';

/** Reads what is left of `request`'s body and drops it, so the connection can parse its next request. */
function discard(request: IncomingMessage): void {
  if (request.complete || request.destroyed) return;
  // The body-idle stream may still be piped from it (src/http/plugins/timeouts.ts): nobody reads that.
  request.unpipe();
  request.on('data', () => undefined);
  request.resume();
}

export function registerUnreadBodyDiscard(app: FastifyInstance, discardLimitBytes: number): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw.headers)) return done(null, payload);
    const length = Number(raw.headers['content-length']);
    const known = raw.headers['transfer-encoding'] === undefined && Number.isSafeInteger(length);
    if (known && length <= discardLimitBytes) reply.raw.once('finish', () => discard(raw));
    else reply.header('Connection', 'close');
    done(null, payload);
  });
}
