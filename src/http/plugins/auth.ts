// API key authentication (docs/api.md#authentication): `Token token=<KEY>` (documented), `Token <KEY>`, `Bearer <KEY>`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notAuthorized, subscriptionInactive } from '../../errors.js';
import { authenticate, cachedAuthentication, type AccountRow, type Authentication } from '../../services/accounts/index.js';
import type { ServiceContext } from '../../services/context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated account; set on every /v1 route before the handler runs. */
    account: AccountRow;
    apiKeyId: number;
    /** The key's display prefix, recorded as who made a change (docs/api.md#history). */
    apiKeyPrefix: string;
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
    const token = form.exec(header)?.[1];
    if (token !== undefined) return token;
  }
  return null;
}

export function registerAuth(app: FastifyInstance, ctx: ServiceContext): void {
  app.decorateRequest('account', null as unknown as AccountRow);
  app.decorateRequest('apiKeyId', 0);
  app.decorateRequest('apiKeyPrefix', '');
  const accept = (request: FastifyRequest, result: Authentication, done: (error?: Error) => void) => {
    if (!result.ok)
      return done(result.reason === 'inactive' ? subscriptionInactive() : notAuthorized('The API key is unknown or has been revoked.'));
    request.account = result.account;
    request.apiKeyId = result.keyId;
    request.apiKeyPrefix = result.keyPrefix;
    done();
  };
  // Callback form with a synchronous path for a key looked up within the last second (the common
  // case): no promise, no microtask turn (BENCHMARKS.md "ingredients").
  app.addHook('onRequest', (request, _reply, done) => {
    const key = apiKeyFrom(request);
    if (!key) return done(notAuthorized());
    const cached = cachedAuthentication(ctx, key);
    if (cached) return accept(request, cached, done);
    authenticate(ctx, key).then((result) => accept(request, result, done), done);
  });
}
