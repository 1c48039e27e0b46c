// Signing in to the server-rendered pages (the account page and the label studio share one session):
// an API key on a sign-in form, a random session cookie (only its hash is stored,
// services/accounts/sessions.ts) and CSRF checked twice on every POST. A cross-site request is
// refused by its Origin / Sec-Fetch-Site headers; then the form must carry the session's
// synchronizer token, or, for the sign-in form (no session yet), a token bound by HMAC to a
// server-issued cookie (account-csrf.ts). Not @fastify/csrf-protection: docs/decisions.md "CSRF".
//
// The cookies are scoped to the whole site (Path=/): one sign-in serves /account and /studio. The
// API authenticates by key header only and never reads them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { liveSession, signIn, signOut, tokensMatch, SESSION_TTL_MS, type LiveSession, type SignIn } from '../../services/accounts/index.js';
import type { Caller, ServiceContext } from '../../services/context.js';
import { signerOf } from '../signed-links.js';
import { signInCsrf } from './account-csrf.js';

export const SESSION_COOKIE = 'recipal_session';
export const LOGIN_COOKIE = 'recipal_login';
const LOGIN_TTL_S = 3600;
const COOKIE_PATH = '/';

/** A member of the posted form (these forms are ours, so there is no schema: anything else is just absent). */
export function formField(request: FastifyRequest, name: string): unknown {
  const body = request.body;
  return body !== null && typeof body === 'object' && name in body ? Reflect.get(body, name) : undefined;
}

/** A form member as text, or '' when absent or not a string. */
export function formText(request: FastifyRequest, name: string): string {
  const value = formField(request, name);
  return typeof value === 'string' ? value : '';
}

function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  // Secure whenever the request came over HTTPS (directly, or via a trusted proxy).
  return { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: maxAgeSeconds };
}

/** A POST from another site: its browser says so (Sec-Fetch-Site) or its Origin is not this host. */
export function crossSite(request: FastifyRequest): boolean {
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

/** Why a signed-in form POST was refused (the page says so in its own words). */
export type PostRefusal = 'cross_site' | 'signed_out' | 'forged';

export interface WebSessions {
  /** The session behind the request's cookie, when it is live (unexpired, key unrevoked, account active). */
  live(request: FastifyRequest): Promise<LiveSession | undefined>;
  /** The sign-in form's CSRF token; sets (or keeps) the cookie it is bound to, and drops a dead session cookie. */
  signInForm(request: FastifyRequest, reply: FastifyReply): string;
  /** Whether a sign-in POST is same-site and carries the token of its cookie. */
  signInPostAllowed(request: FastifyRequest): boolean;
  /** Checks the key and starts a session (its cookie set on the reply) when it is good. */
  start(request: FastifyRequest, reply: FastifyReply, apiKey: unknown): Promise<SignIn | null>;
  /** Ends the request's session and clears its cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The live session behind a signed-in form POST, or why it is refused. */
  guardPost(request: FastifyRequest): Promise<{ session: LiveSession } | { refused: PostRefusal }>;
}

export function webSessions(ctx: ServiceContext, config: Config): WebSessions {
  const tokens = signInCsrf(signerOf(config), LOGIN_TTL_S);
  const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);
  const live = (request: FastifyRequest) => liveSession(ctx, request.cookies[SESSION_COOKIE]);
  return {
    live,
    signInForm(request, reply) {
      const { cookie, form } = tokens.issue(request.cookies[LOGIN_COOKIE], nowSeconds());
      reply.setCookie(LOGIN_COOKIE, cookie, cookieOptions(request, LOGIN_TTL_S));
      if (request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
      return form;
    },
    signInPostAllowed(request) {
      return !crossSite(request) && tokens.check(request.cookies[LOGIN_COOKIE], formField(request, 'csrf'), nowSeconds());
    },
    async start(request, reply, apiKey) {
      const result = typeof apiKey === 'string' && apiKey.trim() !== '' ? await signIn(ctx, apiKey) : null;
      if (result?.ok) {
        reply.setCookie(SESSION_COOKIE, result.token, cookieOptions(request, SESSION_TTL_MS / 1000));
        reply.clearCookie(LOGIN_COOKIE, { path: COOKIE_PATH });
      }
      return result;
    },
    async end(request, reply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await signOut(ctx, token);
      reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
    },
    async guardPost(request) {
      if (crossSite(request)) return { refused: 'cross_site' };
      const session = await live(request);
      if (!session) return { refused: 'signed_out' };
      if (!tokensMatch(session.csrf_token, formField(request, 'csrf'))) return { refused: 'forged' };
      return { session };
    },
  };
}

/** Who acts through a page: the session's account and the key it signed in with (history and audit name it). */
export const callerOfSession = (request: FastifyRequest, session: LiveSession): Caller => ({
  accountId: session.account.id,
  keyId: session.key_id,
  keyPrefix: session.key_prefix,
  requestId: request.id,
});
