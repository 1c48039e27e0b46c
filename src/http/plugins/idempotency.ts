// Idempotency-Key on every authenticated POST (docs/api.md#idempotency-key). Runs after authentication (keys are
// per account) and after the body is read and checked (the body is part of what a key stands for);
// the service decides whether the request runs, replays a stored answer, or is refused.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../errors.js';
import { errorResponses } from '../resources/shared/common.js';
import { bodyFieldsOf } from './schema-validation.js';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  idempotencyKeyProblem,
  REPLAYED_HEADERS,
  requestFingerprint,
  type IdempotencyKeys,
  type OwnedKey,
  type StoredResponse,
} from '../../services/idempotency/index.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a replayed answer, so a client can tell a retry's answer from a fresh one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request owns until it answers. */
    idempotencyKey: OwnedKey | null;
  }
}

function headersToReplay(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return kept;
}

/** The answer as sent; null for a body that cannot be kept as text (a stream), which is then not kept. */
function storable(reply: FastifyReply, payload: unknown): StoredResponse | null {
  if (typeof payload !== 'string') return null;
  return { status: reply.statusCode, headers: headersToReplay(reply), body: payload };
}

/** The header as the OpenAPI document shows it on every POST. */
const IdempotencyHeader = Type.Object({
  [IDEMPOTENCY_HEADER]: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description:
        'a retry with the same key and request within 24 hours replays the first successful answer and writes nothing (docs/api.md#idempotency-key)',
    }),
  ),
});

export function registerIdempotency(app: FastifyInstance, keys: IdempotencyKeys): void {
  app.decorateRequest('idempotencyKey', null);

  const begin = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== 'POST' || header === undefined) return;
    const problem = idempotencyKeyProblem(header);
    if (problem) throw badRequest(`The Idempotency-Key header ${problem}.`, { 'Idempotency-Key': [problem] });
    // The client's fields, not the Checked wrapper of a route that collects errors: a key's fingerprint
    // stays what it was before that wrapper, so a retry across an upgrade still replays.
    const fingerprint = requestFingerprint({
      method: request.method,
      url: request.url,
      body: bodyFieldsOf(request),
      uploads: request.uploads,
    });
    const begun = await keys.begin(request.account.id, header as string, fingerprint);
    if (begun.kind === 'owner') {
      request.idempotencyKey = begun.owned;
      return;
    }
    const { status, headers, body } = begun.response;
    return reply.code(status).headers(headers).header(REPLAYED_HEADER, 'true').send(body);
  };

  // Before the answer leaves: a retry that follows it must find it stored.
  const store = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const owned = request.idempotencyKey;
    if (owned) {
      request.idempotencyKey = null;
      // The request's own answer stands even if it cannot be kept (a retry then finds the key in
      // flight, and after the lease runs again: docs/api.md#idempotency-key).
      await keys
        .finish(owned, storable(reply, payload))
        .catch((error: unknown) => request.log.error({ err: error }, 'Idempotency-Key answer not stored'));
    }
    return payload;
  };

  // A request that never reached onSend frees its key once its response is over.
  const release = async (request: FastifyRequest) => {
    const owned = request.idempotencyKey;
    if (!owned) return;
    request.idempotencyKey = null;
    await keys.finish(owned, null).catch((error: unknown) => request.log.error({ err: error }, 'Idempotency-Key not released'));
  };

  // The hooks go on the POST routes alone: on every other request they were three promises for
  // nothing (BENCHMARKS.md "ingredients"). Route hooks run after the app's, as these did: the key is
  // begun after authentication and the body checks, first of the route's own checks, and the answer
  // is stored after every app-level onSend has set its headers.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('POST')) return;
    if (!route.schema?.headers) route.schema = { ...(route.schema ?? {}), headers: IdempotencyHeader };
    // What the header itself can answer on any POST: 409 while the key's first request runs on another
    // process, 422 for the key reused with another request (docs/api.md#idempotency-key; 400 is on every route).
    const response = route.schema.response as Record<string, unknown> | undefined;
    if (response) route.schema.response = { ...errorResponses(409, 422), ...response };
    route.preHandler = [begin, ...[route.preHandler ?? []].flat()];
    route.onSend = [...[route.onSend ?? []].flat(), store];
    route.onResponse = [...[route.onResponse ?? []].flat(), release];
  });
}
