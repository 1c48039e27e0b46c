// The account settings page (server-rendered, no front-end build): sign in with an API key, see
// usage and limits, create and revoke keys, sign out; a link to the label studio (/studio), which
// shares its session. Outside the API prefixes, so the API limiter does not count it. Sign-in,
// sessions and the CSRF checks of every POST: web-session.ts.
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoSeconds } from '../../lib/time.js';
import { accountKeys, createAccountKey, revokeAccountKey, type LiveSession } from '../../services/accounts/index.js';
import { limitsOf, weeklyWarning, weekWindow } from '../../services/limits/index.js';
import { accountPage, messagePage, signInPage, type AccountView } from '../../web/account-page.js';
import { auditAccountPageKey, listAccountAuditEvents } from '../../services/audit/index.js';
import type { Html } from '../../web/html.js';
import { ACCOUNT_CSS } from '../../web/style.js';
import type { RouteDeps } from './deps.js';
import { crossSite, formField, webSessions, type PostRefusal } from './web-session.js';

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Not no-referrer: under it browsers send "Origin: null" on our own form posts, which the CSRF check refuses.
  'Referrer-Policy': 'same-origin',
};

function send(reply: FastifyReply, status: number, page: Html): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(page.value);
}

/** The account page shows the newest audit events (all of them: GET /v1/audit_events). */
const AUDIT_ON_PAGE = 20;

const whoOf = (request: FastifyRequest, session: LiveSession) => ({
  accountId: session.account.id,
  sessionKeyId: session.key_id,
  requestId: request.id,
});

export async function accountRoutes(plain: FastifyInstance, { ctx, config, limits }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(cookie);

  const sessions = webSessions(ctx, config);

  const showSignIn = (request: FastifyRequest, reply: FastifyReply, status: number, error?: string) =>
    send(reply, status, signInPage({ csrf: sessions.signInForm(request, reply), error }));

  const showAccount = async (reply: FastifyReply, session: LiveSession, extra: Pick<AccountView, 'newKey' | 'message'> = {}) => {
    const account = session.account;
    const own = limitsOf(account, config.defaults);
    const weekUsed = await limits.weeklyUsage(account.id);
    const view: AccountView = {
      account,
      csrf: session.csrf_token,
      sessionKeyId: session.key_id,
      keys: await accountKeys(ctx, account.id),
      auditEvents: (await listAccountAuditEvents(ctx, { accountId: account.id }, { offset: 0, limit: AUDIT_ON_PAGE })).items,
      weekUsed,
      weekLimit: own.weekly,
      weekResetsAt: isoSeconds(weekWindow(ctx.clock.now(), config.weeklyResetTimeZone).end),
      weekWarning: weeklyWarning(weekUsed, own.weekly),
      perMinuteLimit: own.perMinute,
      renderLimit: own.renders,
      ...extra,
    };
    return send(reply, 200, accountPage(view));
  };

  const REFUSALS: Record<Exclude<PostRefusal, 'signed_out'>, string> = {
    cross_site: 'This form can only be submitted from this site.',
    forged: 'The form was stale or forged. Reload the account page and try again.',
  };

  /** The live session behind a form POST, or null after the refusal has been sent. */
  const guardPost = async (request: FastifyRequest, reply: FastifyReply): Promise<LiveSession | null> => {
    const guard = await sessions.guardPost(request);
    if ('session' in guard) return guard.session;
    if (guard.refused === 'signed_out') {
      showSignIn(request, reply, 401, 'Your session has ended (signed out, expired, or its key was revoked). Sign in again.');
    } else {
      send(reply, 403, messagePage('Request refused', REFUSALS[guard.refused]));
    }
    return null;
  };

  app.get('/account/style.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .headers({ 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' })
      .type('text/css; charset=utf-8')
      .send(ACCOUNT_CSS),
  );

  app.get('/account', { schema: { hide: true } }, async (request, reply) => {
    const session = await sessions.live(request);
    if (!session) return showSignIn(request, reply, 200);
    return showAccount(reply, session);
  });

  app.post('/account/session', { schema: { hide: true } }, async (request, reply) => {
    if (crossSite(request)) return send(reply, 403, messagePage('Request refused', REFUSALS.cross_site));
    if (!sessions.signInPostAllowed(request)) {
      return send(reply, 403, messagePage('Request refused', 'The sign-in form was stale or forged. Reload the page and try again.'));
    }
    const result = await sessions.start(request, reply, formField(request, 'api_key'));
    if (!result?.ok) {
      const error =
        result?.reason === 'inactive' ? 'This account has no active subscription.' : 'That API key is unknown or has been revoked.';
      return showSignIn(request, reply, 401, error);
    }
    return reply.code(303).header('Location', '/account').headers(PAGE_HEADERS).send();
  });

  app.post('/account/keys', { schema: { hide: true } }, async (request, reply) => {
    const session = await guardPost(request, reply);
    if (!session) return reply;
    const created = await createAccountKey(ctx, session.account.id);
    if (created) await auditAccountPageKey(ctx, whoOf(request, session), 'create', created.key.id);
    return showAccount(reply, session, created ? { newKey: created.api_key } : { message: 'The key could not be created.' });
  });

  app.post('/account/keys/revoke', { schema: { hide: true } }, async (request, reply) => {
    const session = await guardPost(request, reply);
    if (!session) return reply;
    const keyId = Number(formField(request, 'key_id'));
    const result =
      Number.isInteger(keyId) && keyId >= 1 && keyId <= 2_147_483_647
        ? await revokeAccountKey(ctx, session.account.id, keyId)
        : 'not_found';
    if (result === 'revoked') await auditAccountPageKey(ctx, whoOf(request, session), 'revoke', keyId);
    // Revoking the key this session signed in with ends the session: back to the sign-in form.
    if (result === 'revoked' && keyId === session.key_id)
      return showSignIn(request, reply, 200, 'You revoked the key this session used; sign in with another key.');
    return showAccount(reply, session, { message: result === 'revoked' ? 'The key was revoked.' : 'No such active key on this account.' });
  });

  app.post('/account/sign-out', { schema: { hide: true } }, async (request, reply) => {
    const session = await guardPost(request, reply);
    if (!session) return reply;
    await sessions.end(request, reply);
    return reply.code(303).header('Location', '/account').headers(PAGE_HEADERS).send();
  });
}
