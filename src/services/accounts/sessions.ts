// Sessions for the account settings page: sign in with an API key, a random cookie (only its hash is
// stored) and a per-session CSRF token. A session ends when it expires, when its key is revoked or
// when the account stops being active (the lookup checks all three every time).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { findAccount, listApiKeys, revokeApiKey, type AccountRow, type ApiKeyRow } from '../../db/repositories/accounts.js';
import { deleteExpiredSessions, deleteSession, findLiveSession, insertSession, type LiveSession } from '../../db/repositories/sessions.js';
import { isoSeconds } from '../../lib/time.js';
import { authenticate, createKey, forgetAuthentications, type CreatedKey } from './accounts.js';
import type { ServiceContext } from '../context.js';

export type { LiveSession };

/** A working day: long enough to use the page, short enough that a forgotten browser tab expires. */
export const SESSION_TTL_MS = 8 * 3_600_000;

export const randomToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SignIn = { ok: true; token: string; account: AccountRow } | { ok: false; reason: 'unknown' | 'revoked' | 'inactive' };

export async function signIn(ctx: ServiceContext, apiKey: string): Promise<SignIn> {
  const auth = await authenticate(ctx, apiKey.trim());
  if (!auth.ok) return auth;
  const now = ctx.clock.now();
  const token = randomToken();
  await deleteExpiredSessions(ctx.database.db, isoSeconds(now));
  await insertSession(ctx.database.db, {
    id_hash: hashToken(token),
    account_id: auth.account.id,
    key_id: auth.keyId,
    csrf_token: randomToken(),
    created_at: isoSeconds(now),
    expires_at: isoSeconds(new Date(now.getTime() + SESSION_TTL_MS)),
  });
  return { ok: true, token, account: auth.account };
}

export async function liveSession(ctx: ServiceContext, token: string | undefined): Promise<LiveSession | undefined> {
  if (!token || token.length > 200) return undefined;
  return findLiveSession(ctx.database.db, hashToken(token), isoSeconds(ctx.clock.now()));
}

export async function signOut(ctx: ServiceContext, token: string): Promise<void> {
  await deleteSession(ctx.database.db, hashToken(token));
}

/** Constant-time comparison of a submitted CSRF token with the expected one. */
export function tokensMatch(expected: string, submitted: unknown): boolean {
  if (typeof submitted !== 'string' || submitted.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const accountKeys = (ctx: ServiceContext, accountId: number): Promise<ApiKeyRow[]> => listApiKeys(ctx.database.db, accountId);

export async function createAccountKey(ctx: ServiceContext, accountId: number): Promise<CreatedKey | null> {
  if (!(await findAccount(ctx.database.db, accountId))) return null;
  return createKey(ctx, accountId);
}

/** Revokes one of the account's own keys; another account's key id is simply not found. */
export async function revokeAccountKey(ctx: ServiceContext, accountId: number, keyId: number): Promise<'revoked' | 'not_found'> {
  const key = (await listApiKeys(ctx.database.db, accountId)).find((k) => k.id === keyId && k.revoked_at === null);
  if (!key) return 'not_found';
  // Conditional: of two concurrent revokes of one key, the second finds it revoked ('not_found').
  const revoked = await revokeApiKey(ctx.database.db, key.id, isoSeconds(ctx.clock.now()));
  forgetAuthentications();
  return revoked ? 'revoked' : 'not_found';
}
