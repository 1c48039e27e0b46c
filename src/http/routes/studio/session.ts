// Signing in and out of the studio: the API key on a form, the session shared with the account page
// (web-session.ts), and back to the page that asked for it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { crossSite, formField } from '../web-session.js';
import { queryText, safeNext, sendMessage, sendPage, type StudioDeps } from './context.js';

/** The sign-in form; `status` 401 when a key or a session was refused. */
export function showSignIn(
  studio: StudioDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { status?: number; error?: string; next?: string; notice?: string } = {},
): Promise<FastifyReply> {
  const signInCsrf = studio.sessions.signInForm(request, reply);
  request.studioSession = null;
  return sendPage(
    request,
    reply,
    'sign-in',
    { title: 'Sign in', signInCsrf, error: options.error ?? null, next: safeNext(options.next), notice: options.notice ?? null },
    options.status ?? 200,
  );
}

export const SESSION_ENDED = 'Your session has ended (signed out, expired, or its key was revoked). Sign in again.';

export function sessionRoutes(app: FastifyInstance, studio: StudioDeps): void {
  const open = { schema: { hide: true }, config: { studioPublic: true } };

  app.get('/', open, async (request, reply) => {
    if (await studio.sessions.live(request)) return reply.code(303).header('Location', '/studio/recipes').send();
    return showSignIn(studio, request, reply);
  });

  app.get('/sign-in', open, async (request, reply) => {
    const next = safeNext(queryText(request.query, 'next'));
    if (await studio.sessions.live(request)) return reply.code(303).header('Location', next).send();
    return showSignIn(studio, request, reply, { next, notice: queryText(request.query, 'ended') ? SESSION_ENDED : undefined });
  });

  app.post('/session', open, async (request, reply) => {
    if (crossSite(request)) return sendMessage(request, reply, 403, 'Request refused', 'This form can only be submitted from this site.');
    if (!studio.sessions.signInPostAllowed(request)) {
      return sendMessage(request, reply, 403, 'Request refused', 'The sign-in form was stale or forged. Reload the page and try again.', {
        back: '/studio/sign-in',
        backText: 'Back to the sign-in form',
      });
    }
    const next = safeNext(formField(request, 'next'));
    const result = await studio.sessions.start(request, reply, formField(request, 'api_key'));
    if (!result?.ok) {
      const error =
        result?.reason === 'inactive' ? 'This account has no active subscription.' : 'That API key is unknown or has been revoked.';
      return showSignIn(studio, request, reply, { status: 401, error, next });
    }
    return reply.code(303).header('Location', next).send();
  });

  app.post('/sign-out', { schema: { hide: true } }, async (request, reply) => {
    await studio.sessions.end(request, reply);
    return reply.code(303).header('Location', '/studio/sign-in').send();
  });
}
