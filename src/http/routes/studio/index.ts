// The label studio (docs/studio.md): server-rendered pages under /studio, for the people who sign off a
// label and do not use curl. Same process, same services as the API (never HTTP to itself), signed in
// as the account page is (web-session.ts: one session serves both). Every action is a plain form POST
// that works without JavaScript; studio.js only enhances.
//
// Made of what the ecosystem does well: Eta templates through @fastify/view (every interpolation
// escaped), @fastify/helmet for the headers of this scope only, with a per-response nonce in a strict
// Content-Security-Policy (no inline script without it, no inline style), and Pico CSS from its npm
// package. Errors are pages here, not the API's JSON.
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import view from '@fastify/view';
import { Eta } from 'eta';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import { LabelFileCache } from '../../../services/studio/index.js';
import { VIEWS_DIR } from '../../../web/studio/paths.js';
import { WORDS } from '../../../web/studio/words.js';
import type { IdempotencyKeys } from '../../../services/idempotency/index.js';
import type { RouteDeps } from '../deps.js';
import { webSessions } from '../web-session.js';
import { assetRoutes } from './assets.js';
import { sendMessage, type StudioDeps } from './context.js';
import { ingredientRoutes } from './ingredients.js';
import { labelRoutes } from './labels.js';
import { newRecipeRoutes } from './new-recipe.js';
import { recipeRoutes } from './recipes.js';
import { revisionRoutes } from './revisions.js';
import { SESSION_ENDED, sessionRoutes, showSignIn } from './session.js';

/**
 * The headers of studio pages. The policy: nothing loads unless named; scripts only with this
 * response's nonce ('strict-dynamic': what they load is trusted, and no host list to keep);
 * stylesheets from this site, images from it and data: URLs; forms post only here; never framed. HSTS stays with
 * security-headers.ts (HTTPS only, no subdomains: docs/decisions.md).
 */
const HELMET_OPTIONS = {
  global: true,
  enableCSPNonces: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'none'"],
      'script-src': ["'strict-dynamic'"],
      'style-src': ["'self'"],
      // data: for Pico CSS's own icons (the select chevron, the busy spinner); an image runs no code.
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
    },
  },
  hsts: false,
  frameguard: { action: 'deny' as const },
  // Not no-referrer: under it browsers send "Origin: null" on our own form posts, which the CSRF check refuses.
  referrerPolicy: { policy: 'same-origin' as const },
};

/** 4xx errors fastify raises itself (a body too large, a content type nobody reads): what to tell the person. */
function frameworkMessage(status: number): string {
  if (status === 413) return 'What was sent is larger than this server accepts.';
  if (status === 415) return 'This form was sent in a way the studio does not read.';
  return 'The request could not be understood.';
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    if (error.status === 404)
      return sendMessage(request, reply, 404, 'Not found', 'There is nothing here, or it belongs to another account.');
    const details = Object.entries(error.errors ?? {}).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
    const heading = error.status === 429 ? 'Busy' : error.status === 422 ? 'Not done' : 'Refused';
    return sendMessage(request, reply, error.status, heading, error.message, { details });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return sendMessage(request, reply, status, 'Refused', frameworkMessage(status));
  request.log.error({ err: error }, 'unexpected error in the studio');
  return sendMessage(
    request,
    reply,
    500,
    'Something went wrong',
    'Something went wrong on our side; the request id identifies it in our logs.',
  );
}

export async function studioRoutes(app: FastifyInstance, deps: RouteDeps & { idempotencyKeys: IdempotencyKeys }): Promise<void> {
  await app.register(cookie);
  await app.register(helmet, HELMET_OPTIONS);
  const assets = assetRoutes(app);
  await app.register(view, {
    engine: { eta: new Eta({ autoEscape: true, cache: true }) },
    templates: VIEWS_DIR,
    production: true,
    defaultContext: { f: WORDS, assets },
  });
  const studio: StudioDeps = { ...deps, sessions: webSessions(deps.ctx, deps.config), files: new LabelFileCache() };

  app.decorateRequest('studioSession', null);
  // The guard of every route but the public ones: a signed-out GET goes to the sign-in form (and back
  // after it); a POST must come from this site, from a live session, with its CSRF token.
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.studioPublic || request.is404) return;
    if (request.method === 'GET' || request.method === 'HEAD') {
      const session = await studio.sessions.live(request);
      if (session) {
        request.studioSession = session;
        return;
      }
      return reply
        .code(303)
        .header('Location', `/studio/sign-in?next=${encodeURIComponent(request.url)}`)
        .send();
    }
    const guard = await studio.sessions.guardPost(request);
    if ('session' in guard) {
      request.studioSession = guard.session;
      return;
    }
    if (guard.refused === 'signed_out') return showSignIn(studio, request, reply, { status: 401, error: SESSION_ENDED });
    const message =
      guard.refused === 'cross_site'
        ? 'This form can only be submitted from this site.'
        : 'The form was stale or forged. Reload the page and try again.';
    return sendMessage(request, reply, 403, 'Request refused', message);
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(async (request, reply) => {
    request.studioSession = (await studio.sessions.live(request)) ?? null;
    return sendMessage(request, reply, 404, 'Not found', 'There is no such page in the studio.');
  });

  sessionRoutes(app, studio);
  recipeRoutes(app, studio);
  newRecipeRoutes(app, studio);
  labelRoutes(app, studio);
  revisionRoutes(app, studio);
  ingredientRoutes(app, studio);
}
