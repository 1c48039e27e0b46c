// One place renders every error as JSON (docs/api.md#errors); protocol-errors.ts does it for errors
// raised before routing. No stack traces or SQL ever reach a client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  badRequest,
  boundedErrors,
  databaseBusy,
  errorSummary,
  isDatabaseBusy,
  malformedBody,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../errors.js';
import { securityHeadersFor } from './security-headers.js';

function fromFastify(error: FastifyError, request: FastifyRequest, bodyLimit: number): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(String(request.headers['content-type'] ?? ''));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge(bodyLimit);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return malformedBody('it is not valid JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return malformedBody('the JSON body is empty');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return malformedBody('Content-Length does not match the body');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return malformedBody('it is not valid JSON');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.statusCode === 413) return payloadTooLarge(bodyLimit);
    if (error.statusCode === 415) return unsupportedMediaType(String(request.headers['content-type'] ?? ''));
    return badRequest('The request could not be understood.');
  }
  return null;
}

/**
 * A 422 that names only members of the route's query string (sent wrong, or missing when required),
 * none of them in the body, is a mistake in the query: 400
 * BadRequest, as the query's schema answers (docs/api.md#errors). Services check some query members
 * themselves (a label's language and format, `as_of`, `zoom`) and say 422, as they do for the same
 * member in a body (`label_settings`); here the answer follows where the member was sent.
 */
function asQueryMistake(error: AppError, request: FastifyRequest): AppError {
  if (error.status !== 422 || error.code !== 'ValidationFailed' || !error.errors) return error;
  const documented = (request.routeOptions?.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (!documented) return error;
  const body = request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const names = Object.keys(error.errors);
  const fromQuery = (name: string) => Object.hasOwn(documented, name) && !Object.hasOwn(body, name);
  if (names.length === 0 || !names.every(fromQuery)) return error;
  return badRequest(`Invalid query parameters: ${errorSummary(error.errors)}.`, error.errors);
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  // Set here too: errors raised before the onRequest hooks ran (router errors) must carry them.
  reply.header('X-Request-Id', reply.request.id).headers(securityHeadersFor(reply.request));
  if (error.headers) reply.headers(error.headers);
  // The rest of an unread body is not worth reading: close the connection after the answer.
  if (error.status === 408 || error.status === 413) reply.header('Connection', 'close');
  const body: Record<string, unknown> = { error: error.code, message: error.message };
  if (error.errors) {
    // However many rules a request broke, the answer stays small (docs/api.md#input-budgets).
    const bounded = boundedErrors(error.errors);
    body.errors = bounded.errors;
    if (bounded.truncated) {
      body.errors_total = bounded.total;
      body.errors_truncated = true;
    }
  }
  body.request_id = reply.request.id;
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? asQueryMistake(error, request) : fromFastify(error, request, bodyLimit);
    if (appError) return sendError(reply, appError);
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy');
      return sendError(reply, databaseBusy());
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(
      reply,
      new AppError(500, 'InternalError', 'Something went wrong on our side; the request id identifies it in our logs.'),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new AppError(404, 'NotFound', `There is no ${request.method} ${request.url.split('?')[0]} endpoint.`)),
  );
}
