// What every studio route shares: the session the guard found, the page renderer (common data every
// template needs: the CSP nonce, the CSRF token, the account), and the parsing of ids and pages.
import type {} from '@fastify/helmet';
import type {} from '@fastify/view';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveSession } from '../../../services/accounts/index.js';
import type { LabelFileCache } from '../../../services/studio/index.js';
import type { Caller } from '../../../services/context.js';
import type { IdempotencyKeys } from '../../../services/idempotency/index.js';
import { notFound } from '../../../errors.js';
import type { RouteDeps } from '../deps.js';
import { callerOfSession, type WebSessions } from '../web-session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The studio's signed-in session (set by its guard before every signed-in route). */
    studioSession: LiveSession | null;
  }
  interface FastifyContextConfig {
    /** A studio route anyone may reach (sign-in, assets): the session guard lets it through. */
    studioPublic?: boolean;
  }
}

export interface StudioDeps extends RouteDeps {
  sessions: WebSessions;
  files: LabelFileCache;
  /** The API's Idempotency-Key store: the new-recipe form's token is a key, so a form posted twice makes one recipe. */
  idempotencyKeys: IdempotencyKeys;
}

/** The signed-in session of a guarded route. */
export function sessionOf(request: FastifyRequest): LiveSession {
  const session = request.studioSession;
  if (!session) throw new Error('a studio route ran without its session guard');
  return session;
}

export const callerOf = (request: FastifyRequest): Caller => callerOfSession(request, sessionOf(request));

/** Renders a template with what every page needs; `data` wins over the defaults. */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  template: string,
  data: Record<string, unknown>,
  status = 200,
): Promise<FastifyReply> {
  const session = request.studioSession;
  const html = await reply.viewAsync(template, {
    nonce: reply.cspNonce?.script ?? '',
    csrf: session?.csrf_token ?? '',
    account: session ? { name: session.account.name } : null,
    keyPrefix: session?.key_prefix ?? '',
    notice: null,
    ...data,
  });
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

export function sendMessage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  heading: string,
  message: string,
  extra: { details?: string[]; back?: string; backText?: string } = {},
): Promise<FastifyReply> {
  return sendPage(request, reply, 'message', { title: heading, heading, message, requestId: request.id, ...extra }, status);
}

const MAX_ID = 2_147_483_647;

/** A path id: a positive integer, else the page is not found (as the API answers, docs/api.md "Ids in the path"). */
export function idOf(raw: unknown, what: string): number {
  const text = String(raw ?? '');
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(id <= MAX_ID)) throw notFound(what);
  return id;
}

/** A 1-based page number from the query; anything else is page 1 (pages past the end are empty). */
export function pageNumber(raw: unknown): number {
  const text = typeof raw === 'string' ? raw : '';
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}

/** A query member as text ('' when absent or repeated). */
export function queryText(query: unknown, name: string): string {
  const value = query !== null && typeof query === 'object' ? Reflect.get(query, name) : undefined;
  return typeof value === 'string' ? value : '';
}

/** Where to go after signing in: a studio page of this site, never another site. */
export function safeNext(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : '';
  const inside = /^\/studio(\/[A-Za-z0-9/_.~%&=?#-]*)?$/.test(text) && !/\/\/|\/\.\.?(\/|$|\?|#)|%2e|%2f|%5c/i.test(text);
  return inside && text.length <= 500 ? text : '/studio/recipes';
}
