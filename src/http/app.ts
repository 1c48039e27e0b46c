// The fastify application: plugins in order (request ids, bodies, validation, errors), the public
// routes (health, docs, OpenAPI), and the authenticated API under both /v1 and /api/v1.
import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { systemClock, type Clock } from '../lib/time.js';
import type { DatabaseHandle, ServiceContext } from '../services/context.js';
import { createLimitStore, renderSlotsOf, type LimitStore } from '../services/limits/index.js';
import { registerAuth } from './plugins/auth.js';
import { registerAuthenticatedErrors, registerDocumentedErrors } from './plugins/documented-errors.js';
import { registerRequireHttps } from './plugins/https.js';
import { registerLimits } from './plugins/limits.js';
import { AccountShares, registerAccountShare } from './plugins/account-share.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { IdempotencyKeys } from '../services/idempotency/index.js';
import { accountRoutes } from './routes/account.js';
import { studioRoutes } from './routes/studio/index.js';
import { registerBodyParsers } from './plugins/body-parsers.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSchemaValidation } from './plugins/schema-validation.js';
import { clientErrorHandler, frameworkErrors, registerContinue, registerNodeLevelErrors } from './plugins/protocol-errors.js';
import { parseQueryString, registerQueryStringCheck } from './plugins/query-string.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { documentQueryEnums } from './openapi-enums.js';
import { registerBodyIdleTimeout, serverTimeoutOptions } from './plugins/timeouts.js';
import { registerUnreadBodyDiscard } from './plugins/unread-body.js';
import { keepAliveOptions, registerConnectionCap, registerRequestsPerConnection } from './plugins/connections.js';
import { apiRoutes } from './routes/v1/index.js';
import { healthRoutes } from './routes/health.js';
import { labelDownloadRoutes } from './routes/v1/labels-download.js';
import { embedRoutes } from './routes/embed.js';
import { createRenderPool, type RenderTimer } from '../render/pool.js';
import { Embeds, LabelRenderQueue } from '../services/labels/index.js';
import { signerOf } from './signed-links.js';
import type { RouteDeps } from './routes/deps.js';
import { ErrorBody } from './resources/shared/common.js';
import { IngredientJson } from './resources/ingredients/schemas.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** The request-limit store; built from config when absent (tests pass one to share it between two apps). The app closes it. */
  limits?: LimitStore;
  /** Times each render's limit (config.renderLimits.timeLimitMs); tests pass one they fire themselves. */
  renderTimer?: RenderTimer;
  /** Extra fastify options (TLS, logger) chosen by the caller. */
  server?: Partial<FastifyServerOptions> & { https?: unknown };
}

export const API_PREFIXES = ['/v1', '/api/v1'] as const;

/** The API's name: the OpenAPI document's title and the /docs page's. */
export const API_TITLE = 'Recipe Nutrition and Costing API';

/**
 * The /docs page's Content-Security-Policy: swagger-ui's own (scripts from the page's origin only),
 * with inline styles allowed, which its bundle applies to what it draws (the browser console showed
 * the refusal). A style cannot run code; scripts stay 'self'.
 */
const docsPolicy = (header: string) => header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'");

export interface RouteInfo {
  method: string;
  url: string;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
    /** The app's asynchronous label renders: tests await a render with `labelRenders.settled(token)`. */
    labelRenders: LabelRenderQueue;
    /** The app's public embeds (docs/api.md#render-limits): tests and benchmarks read their cache's figures. */
    embeds: Embeds;
    /** Each account's requests in flight and waiting on this process (RELIABILITY.md#account-share). */
    accountShares: AccountShares;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const ctx: ServiceContext = { database, clock: options.clock ?? systemClock };
  const timeouts = serverTimeoutOptions(config.timeouts);
  const { https, ...serverOptions } = options.server ?? {};
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // One line per request at info level drowns the useful ones; errors are still logged with the request id.
    logController: new LogController({ disableRequestLogging: true }),
    requestTimeout: timeouts.requestTimeout,
    ...keepAliveOptions(config.connections),
    // https.createServer takes the same timeout options as http.createServer.
    ...(https ? { https: { ...(https as object), ...timeouts } } : { http: timeouts }),
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { querystringParser: parseQueryString },
    ...serverOptions,
  } as FastifyServerOptions) as unknown as FastifyInstance;

  // Every route, as registered: the OpenAPI and auth/isolation suites check each one.
  const routes: RouteInfo[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide) });
    }
  });

  // Hooks on every request take fastify's callback form: an async hook costs a promise and a
  // microtask turn each, and every request passes ten of them (BENCHMARKS.md "ingredients").
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerNodeLevelErrors(app.server);
  registerContinue(app);
  registerConnectionCap(app.server, config.connections.perAddress, { tls: Boolean(https), trustProxy: config.trustProxy });
  registerSecurityHeaders(app);
  registerQueryStringCheck(app);
  registerRequireHttps(app, config.requireHttps);
  registerBodyIdleTimeout(app, config.timeouts.bodyIdleMs);
  registerUnreadBodyDiscard(app, config.connections.unreadBodyDiscardBytes);
  registerRequestsPerConnection(app, config.connections.requestsPerConnection);
  // Response schemas document the API; serialising with them (fast-json-stringify) would drop any
  // member a schema forgot and, with nullable unions, validate each field at run time (measured:
  // ~300 µs per ingredient). JSON.stringify is exact and faster for these shapes.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerBodyParsers(app, config.bodyLimitBytes);
  registerSchemaValidation(app);
  registerErrorHandler(app, config.bodyLimitBytes);
  registerDocumentedErrors(app);
  app.addSchema(ErrorBody);
  app.addSchema(IngredientJson);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: '1',
        description:
          'ReciPal-compatible REST API. Authenticate with `Authorization: Token token=<API_KEY>`. Every path is also served under /api/v1.',
      },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token token=<API_KEY>' } },
      },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: documentQueryEnums,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: docsPolicy, theme: { title: API_TITLE } });

  const limits =
    options.limits ??
    (await createLimitStore({ config, database, clock: ctx.clock, log: { warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) } }));
  app.addHook('onClose', () => limits.close());
  // One worker pool per app for PNG/PDF label renders (BENCHMARKS.md: 2 threads nearly double throughput).
  const renderPool = createRenderPool({
    threads: config.renderThreads,
    idleTimeoutMs: config.renderIdleSeconds * 1000,
    timeLimitMs: config.renderLimits.timeLimitMs,
    maxPngPixels: config.renderLimits.maxPngPixels,
    timer: options.renderTimer,
  });
  const renderSlots = renderSlotsOf(limits, config.defaults);
  const labelRenders = new LabelRenderQueue({
    ctx,
    renderSlots,
    defaults: config.defaults,
    renderPool,
    signer: signerOf(config),
  });
  // Renders in flight finish (and write their status) before the pool they run in closes.
  app.addHook('onClose', async () => {
    await labelRenders.drain();
    await renderPool.close();
  });
  app.decorate('labelRenders', labelRenders);
  const embeds = new Embeds({ ctx, renderPool, pngPerMinute: config.renderLimits.embedPerMinute });
  app.decorate('embeds', embeds);
  // One per app (per process), shared by both prefixes: an account's slots are the same under /v1 and /api/v1.
  const accountShares = new AccountShares(config.accountShare);
  app.decorate('accountShares', accountShares);
  const deps: RouteDeps = { ctx, config, limits, renderSlots, renderPool, labelRenders, embeds };
  await app.register(healthRoutes, deps);
  await app.register(accountRoutes, deps);
  // One per app: duplicates of an in-flight Idempotency-Key wait for it on this instance (docs/api.md#idempotency-key).
  // The studio's new-recipe form uses them too, so a form posted twice makes one recipe.
  const idempotencyKeys = new IdempotencyKeys(ctx);
  await app.register(studioRoutes, { ...deps, idempotencyKeys, prefix: '/studio' });
  await app.register(labelDownloadRoutes, deps);
  await app.register(embedRoutes, deps);
  for (const prefix of API_PREFIXES) {
    await app.register(
      async (api) => {
        registerAuth(api, ctx);
        registerAuthenticatedErrors(api);
        registerLimits(api, { limits, config, clock: ctx.clock });
        registerAccountShare(api, accountShares);
        registerIdempotency(api, idempotencyKeys);
        await api.register(apiRoutes, { ...deps, hidden: prefix !== '/v1' });
      },
      { prefix },
    );
  }
  return app;
}
