// What one client may hold of the server's connections (RELIABILITY.md "Connections"). Node accepts
// one new connection per turn of its event loop, behind every connection already queued, so a
// client holding many busy keep-alive connections makes everyone else's new connections wait. Hence:
// - MAX_CONNECTIONS_PER_ADDRESS: a client address may hold this many open connections; the next is
//   answered 429 `TooManyConnections` and closed at once (over TLS, closed: no answer can be sent
//   before the handshake). Not applied with TRUST_PROXY: there every connection is the proxy's, and
//   the proxy is where connections per client are counted. Counted per process (each worker of
//   `recipal serve` counts its own).
// - MAX_REQUESTS_PER_CONNECTION: a keep-alive connection is closed after this many requests (the
//   last is answered `Connection: close`), so a flooding connection goes back through the accept
//   queue, behind the new connections that waited there. Counted here rather than by Node's
//   maxRequestsPerSocket, which (Node 20) says `Connection: close` on the last answer and then
//   leaves the connection open until the keep-alive timeout.
// - KEEP_ALIVE_TIMEOUT_MS (Node's keepAliveTimeout): an idle keep-alive connection is closed after
//   this long, so idle connections do not count against the cap for long.
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ConnectionLimits } from '../../config.js';
import { AppError } from '../../errors.js';
import { rawErrorResponse } from './protocol-errors.js';

/** fastify options for the keep-alive limits. */
export function keepAliveOptions(limits: ConnectionLimits): { keepAliveTimeout: number } {
  return { keepAliveTimeout: limits.keepAliveMs };
}

/** The requests a connection has been answered, kept on its socket. */
const SERVED = Symbol('requestsServed');

/** Answers the `max`-th request of a connection with `Connection: close`, which makes Node close it once sent. */
export function registerRequestsPerConnection(app: FastifyInstance, max: number): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // The count lives on the socket itself: a WeakMap's set on every request cost more (BENCHMARKS.md
    // "ingredients"), and the count goes with the socket.
    const socket = request.raw.socket as Socket & { [SERVED]?: number };
    const count = (socket[SERVED] ?? 0) + 1;
    socket[SERVED] = count;
    if (count >= max) reply.header('Connection', 'close');
    done(null, payload);
  });
}

const tooManyConnections = (limit: number) =>
  new AppError(429, 'TooManyConnections', `A client address may hold ${limit} open connections; close one, or retry in 1 s.`, undefined, {
    'Retry-After': '1',
  });

function refuse(socket: Socket, limit: number, tls: boolean): void {
  socket.on('error', () => undefined);
  if (!tls) {
    const { status, headers, body } = rawErrorResponse(tooManyConnections(limit), false);
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    // A small write to a fresh socket goes out at once; what the client sent is never read.
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy();
}

export function registerConnectionCap(server: Server, limit: number, options: { tls: boolean; trustProxy: boolean }): void {
  if (options.trustProxy) return;
  const open = new Map<string, number>();
  // Before Node's own listener: a refused socket is destroyed before its HTTP parser reads a byte.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const held = open.get(address) ?? 0;
    if (held >= limit) return refuse(socket, limit, options.tls);
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
