// The account settings page (server-rendered, no front-end build): sign in with an API key, see
// usage and limits, create and revoke keys, sign out. Outside the API prefixes, so the API limiter
// does not count it. Every POST is checked twice against CSRF: a cross-site request is refused by
// its Origin / Sec-Fetch-Site headers, and the form must carry the session's synchronizer token
// (for the sign-in form, which has no session yet, a token bound by HMAC to a server-issued cookie:
// account-csrf.ts). Not @fastify/csrf-protection: sessions already store their token, and only
// the sign-in form needs a second scheme.
import { must } from '../../lib/must.js';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoSeconds } from '../../lib/time.js';
import {
  accountKeys,
  createAccountKey,
  liveSession,
  revokeAccountKey,
  signIn,
  signOut,
  tokensMatch,
  SESSION_TTL_MS,
  type LiveSession,
} from '../../services/accounts/index.js';
import { limitsOf, weeklyWarning, weekWindow } from '../../services/limits/index.js';
import { accountPage, messagePage, signInPage, type AccountView } from '../../web/account-page.js';
import { auditAccountPageKey, listAccountAuditEvents } from '../../services/audit/index.js';
import type { Html } from '../../web/html.js';
import { ACCOUNT_CSS } from '../../web/style.js';
import { signInCsrf } from './account-csrf.js';
import type { RouteDeps } from './deps.js';
import { signerOf } from '../signed-links.js';

const SESSION_COOKIE = 'recipal_session';
const LOGIN_COOKIE = 'recipal_login';
const LOGIN_TTL_S = 3600;

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Not no-referrer: under it browsers send "Origin: null" on our own form posts, which the CSRF check refuses.
  'Referrer-Policy': 'same-origin',
};

/** A member of the posted form (these forms are ours, so there is no schema: anything else is just absent). */
function formField(request: FastifyRequest, name: string): unknown {
  const body = request.body;
  return body !== null && typeof body === 'object' && name in body ? Reflect.get(body, name) : undefined;
}

function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  // Secure whenever the request came over HTTPS (directly, or via a trusted proxy).
  return { path: '/account', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: maxAgeSeconds };
}

/** A POST from another site: its browser says so (Sec-Fetch-Site) or its Origin is not this host. */
function crossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    // Both sides through URL so a default port (":80", ":443") compares equal to none.
    return new URL(origin).host !== new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return true; // "null" (sandboxed frames, privacy-sensitive redirects) or garbage
  }
}

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

  const signInTokens = signInCsrf(signerOf(config), LOGIN_TTL_S);
  const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

  const showSignIn = (request: FastifyRequest, reply: FastifyReply, status: number, error?: string) => {
    const { cookie, form: csrf } = signInTokens.issue(request.cookies[LOGIN_COOKIE], nowSeconds());
    reply.setCookie(LOGIN_COOKIE, cookie, cookieOptions(request, LOGIN_TTL_S));
    if (request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, { path: '/account' });
    return send(reply, status, signInPage({ csrf, error }));
  };

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

  /** The live session behind a form POST, or null after the refusal has been sent. */
  const guardPost = async (request: FastifyRequest, reply: FastifyReply): Promise<LiveSession | null> => {
    if (crossSite(request)) {
      send(reply, 403, messagePage('Request refused', 'This form can only be submitted from this site.'));
      return null;
    }
    const session = await liveSession(ctx, request.cookies[SESSION_COOKIE]);
    if (!session) {
      showSignIn(request, reply, 401, 'Your session has ended (signed out, expired, or its key was revoked). Sign in again.');
      return null;
    }
    if (!tokensMatch(session.csrf_token, formField(request, 'csrf'))) {
      send(reply, 403, messagePage('Request refused', 'The form was stale or forged. Reload the account page and try again.'));
      return null;
    }
    return session;
  };

  app.get('/account/style.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .headers({ 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' })
      .type('text/css; charset=utf-8')
      .send(ACCOUNT_CSS),
  );

  app.get('/account', { schema: { hide: true } }, async (request, reply) => {
    const session = await liveSession(ctx, request.cookies[SESSION_COOKIE]);
    if (!session) return showSignIn(request, reply, 200);
    return showAccount(reply, session);
  });

  app.post('/account/session', { schema: { hide: true } }, async (request, reply) => {
    if (crossSite(request)) return send(reply, 403, messagePage('Request refused', 'This form can only be submitted from this site.'));
    if (!signInTokens.check(request.cookies[LOGIN_COOKIE], formField(request, 'csrf'), nowSeconds())) {
      return send(reply, 403, messagePage('Request refused', 'The sign-in form was stale or forged. Reload the page and try again.'));
    }
    const apiKey = formField(request, 'api_key');
    const result = typeof apiKey === 'string' && apiKey.trim() !== '' ? await signIn(ctx, apiKey) : null;
    if (!result?.ok) {
      const error =
        result?.reason === 'inactive' ? 'This account has no active subscription.' : 'That API key is unknown or has been revoked.';
      return showSignIn(request, reply, 401, error);
    }
    reply.setCookie(SESSION_COOKIE, result.token, cookieOptions(request, SESSION_TTL_MS / 1000));
    reply.clearCookie(LOGIN_COOKIE, { path: '/account' });
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
    await signOut(ctx, must(request.cookies[SESSION_COOKIE], 'the session cookie guardPost read'));
    reply.clearCookie(SESSION_COOKIE, { path: '/account' });
    return reply.code(303).header('Location', '/account').headers(PAGE_HEADERS).send();
  });
}
