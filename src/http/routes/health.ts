// Liveness, readiness and the OpenAPI document: no authentication, no rate limits.
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../resources/shared/common.js';
import type { RouteDeps } from './deps.js';

export async function healthRoutes(plain: FastifyInstance, { ctx, limits }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const Ready = Type.Object(
    {
      status: Type.Literal('ready'),
      database: Type.Literal('ok'),
      limits: Type.String(),
      warnings: Type.Optional(Type.Array(Type.String())),
    },
    { additionalProperties: false },
  );
  const Unavailable = Type.Object(
    { status: Type.Literal('unavailable'), database: Type.Literal('unreachable') },
    { additionalProperties: false },
  );
  const FrontDoor = Type.Object(
    { name: Type.String(), docs: Type.String(), openapi: Type.String(), api: Type.String() },
    { additionalProperties: false },
  );

  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get('/readyz', { schema: { hide: true, response: { 200: Ready, 503: Unavailable } } }, async (request, reply) => {
    try {
      await ctx.database.ping();
      // A lost Redis is a warning, not unreadiness: requests are still served (limits fail open).
      const health = limits.health();
      return {
        status: 'ready' as const,
        database: 'ok' as const,
        limits: health.store,
        ...(health.warning ? { warnings: [health.warning] } : {}),
      };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' as const, database: 'unreachable' as const });
    }
  });

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // The front door (docs/api.md#conventions): a browser (its Accept names text/html) goes to the interactive
  // docs; an API client (curl sends */*) gets a small JSON pointer rather than a 404.
  app.get('/', { schema: { hide: true, response: { 200: FrontDoor, ...errorResponses() } } }, async (request, reply) => {
    if ((request.headers.accept ?? '').toLowerCase().includes('text/html')) return reply.redirect('/docs', 302);
    return { name: 'Recipe Nutrition and Costing API', docs: '/docs', openapi: '/v1/openapi.json', api: '/v1' };
  });
}
