// API key authentication (API.md §1.2): `Token token=<KEY>` (documented), `Token <KEY>`, `Bearer <KEY>`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notAuthorized, subscriptionInactive } from '../../errors.js';
import { authenticate, type AccountRow } from '../../services/accounts.js';
import type { ServiceContext } from '../../services/context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated account; set on every /v1 route before the handler runs. */
    account: AccountRow;
    apiKeyId: number;
  }
}

const TOKEN_FORMS = [
  /^Token\s+token\s*=\s*"([^"\s]+)"\s*$/i,
  /^Token\s+token\s*=\s*([^\s",]+)\s*$/i,
  /^Token\s+([^\s=]+)\s*$/i,
  /^Bearer\s+(\S+)\s*$/i,
];

export function apiKeyFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length > 512) return null;
  for (const form of TOKEN_FORMS) {
    const match = form.exec(header);
    if (match) return match[1]!;
  }
  return null;
}

export function registerAuth(app: FastifyInstance, ctx: ServiceContext): void {
  app.decorateRequest('account', null as unknown as AccountRow);
  app.decorateRequest('apiKeyId', 0);
  app.addHook('onRequest', async (request) => {
    const key = apiKeyFrom(request);
    if (!key) throw notAuthorized();
    const result = await authenticate(ctx, key);
    if (!result.ok) throw result.reason === 'inactive' ? subscriptionInactive() : notAuthorized('The API key is unknown or has been revoked.');
    request.account = result.account;
    request.apiKeyId = result.keyId;
  });
}
