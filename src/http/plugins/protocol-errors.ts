// Errors raised before any route runs, in the same shape as every other error (docs/api.md#errors):
// what Node answers by itself (417, CONNECT), what Node's HTTP parser refuses (bytes that are not HTTP, a request line and headers over 16 KiB,
// clients too slow to send their request: HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS), and what
// fastify's router cannot route (an undecodable or over-long path segment: not found, like every
// id that is not a positive integer).
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors.js';
import { HSTS, SECURITY_HEADERS } from './security-headers.js';
import { sendError } from './error-handler.js';

export const requestTimeout = () =>
  new AppError(408, 'RequestTimeout', 'The request arrived too slowly and was cut off; send it again in one go.');

const headersTooLarge = () =>
  new AppError(431, 'HeadersTooLarge', 'The request line and headers are larger than the 16 KiB allowed (a very long URL counts too).');

const notRoutable = (request: FastifyRequest) => new AppError(404, 'NotFound', `There is no ${request.method} endpoint at that path.`);

/** fastify `frameworkErrors`: the router could not decode or match the path. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') sendError(reply, notRoutable(request));
  else sendError(reply, badRequest('The request could not be routed.'));
}

function fromParser(error: NodeJS.ErrnoException): AppError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout();
  if (error.code === 'HPE_HEADER_OVERFLOW') return headersTooLarge();
  return badRequest('The request is not valid HTTP/1.1.');
}

/** The status line, headers and body of an error answered outside fastify, on its own connection. */
export function rawErrorResponse(
  appError: AppError,
  tls: boolean,
): { status: number; headers: Record<string, string | number>; body: string } {
  const id = randomUUID();
  const body = JSON.stringify({ error: appError.code, message: appError.message, request_id: id });
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': id,
    ...appError.headers,
    ...SECURITY_HEADERS,
    ...(tls ? { 'Strict-Transport-Security': HSTS } : {}),
    Connection: 'close',
  };
  return { status: appError.status, headers, body };
}

function answerOnSocket(socket: Duplex, appError: AppError): void {
  const { status, headers, body } = rawErrorResponse(appError, 'encrypted' in socket);
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  // A client that never reads must not hold the connection open either.
  setTimeout(() => socket.destroy(), 5000).unref();
}

/** fastify `clientErrorHandler`: Node's parser gave up on a connection before fastify saw a request. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way on this connection cannot be followed by another one.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  answerOnSocket(socket, fromParser(error));
}

/**
 * What Node answers itself, bare, unless the server listens: an `Expect` other than 100-continue
 * (417), and CONNECT (the connection was dropped without a word). Both get the docs/api.md#errors shape.
 */
export function registerNodeLevelErrors(server: Server): void {
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const { status, headers, body } = rawErrorResponse(
      new AppError(417, 'ExpectationFailed', 'Only "Expect: 100-continue" is understood.'),
      'encrypted' in request.socket,
    );
    response.writeHead(status, headers).end(body);
  });
  // `Expect: 100-continue`: Node would answer 100 Continue at once, before anyone looked at the key,
  // and a client with a bad key sent its whole body to be told 401. With this listener Node leaves it
  // to us: the request goes on to fastify, whose hooks check the key first, and 100 Continue is sent
  // only when the body is about to be read (registerContinue below).
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    server.emit('request', request, response);
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => undefined);
    answerOnSocket(socket, badRequest('CONNECT is not served: this is not a proxy.'));
  });
}

/**
 * Sends `100 Continue` to a client that asked for it, once every onRequest hook (the API key, the
 * limits) has let the request through and its body is about to be read; a request refused before
 * that is answered without it (docs/api.md#request-bodies).
 */
export function registerContinue(app: FastifyInstance): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const expect = request.headers.expect;
    if (expect !== undefined && expect.toLowerCase() === '100-continue' && !reply.raw.headersSent) reply.raw.writeContinue();
    done(null, payload);
  });
}
