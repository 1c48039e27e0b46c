// POSTs with an Idempotency-Key header (docs/api.md#idempotency-key), through the real app.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export function idempotentPost(
  app: FastifyInstance,
  apiKey: string,
  url: string,
  key: string,
  body?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { authorization: `Token token=${apiKey}`, 'idempotency-key': key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({ method: 'POST', url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
}
