// Liveness, readiness and the OpenAPI document: no authentication, no rate limits.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './deps.js';

export async function healthRoutes(app: FastifyInstance, { ctx, limits }: RouteDeps): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await ctx.database.ping();
      // A lost Redis is a warning, not unreadiness: requests are still served (limits fail open).
      const health = limits.health();
      return { status: 'ready', database: 'ok', limits: health.store, ...(health.warning ? { warnings: [health.warning] } : {}) };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
