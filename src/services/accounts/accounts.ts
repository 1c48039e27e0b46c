// Accounts and keys: what the CLI, the first start and the account page do.
import { LRUCache } from 'lru-cache';
import {
  findAccount,
  findApiKeysByPrefix,
  findKeyByHash,
  insertAccount,
  insertApiKey,
  listAccounts,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  updateAccount,
  countAccounts,
  type AccountRow,
  type ApiKeyRow,
  type NewAccount,
} from '../../db/repositories/accounts.js';
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import type { Executor } from '../../db/schema.js';
import { isoSeconds } from '../../lib/time.js';
import { generateApiKey, hashApiKey } from './api-keys.js';
import type { ServiceContext } from '../context.js';

export type { AccountRow, ApiKeyRow };

export interface CreatedKey {
  api_key: string;
  key: ApiKeyRow;
}

async function insertAccountWithKey(
  tx: Executor,
  input: NewAccount,
  now: string,
): Promise<{ account: AccountRow; api_key: string; key: ApiKeyRow }> {
  const account = await insertAccount(tx, input, now);
  const generated = generateApiKey();
  const key = await insertApiKey(tx, account.id, generated.prefix, generated.hash, now);
  return { account, api_key: generated.key, key };
}

export async function createAccount(
  ctx: ServiceContext,
  input: NewAccount,
): Promise<{ account: AccountRow; api_key: string; key: ApiKeyRow }> {
  const now = isoSeconds(ctx.clock.now());
  return ctx.database.db.transaction().execute((tx) => insertAccountWithKey(tx, input, now));
}

/**
 * Creates the "default" account on a database that has none; returns its key once. Instances started
 * together on one new database check and create under one lock: one default account, not one each.
 */
export async function ensureFirstAccount(ctx: ServiceContext): Promise<{ account: AccountRow; api_key: string } | null> {
  if ((await countAccounts(ctx.database.db)) > 0) return null;
  const now = isoSeconds(ctx.clock.now());
  return ctx.database.db.transaction().execute(async (tx) => {
    await lockForTransaction(tx, LockSpace.accounts, 0);
    if ((await countAccounts(tx)) > 0) return null;
    const created = await insertAccountWithKey(
      tx,
      { name: 'default', email: null, weekly_limit: null, per_minute_limit: null, render_limit: null },
      now,
    );
    return { account: created.account, api_key: created.api_key };
  });
}

export async function createKey(ctx: ServiceContext, accountId: number): Promise<CreatedKey | null> {
  if (!(await findAccount(ctx.database.db, accountId))) return null;
  const generated = generateApiKey();
  const key = await insertApiKey(ctx.database.db, accountId, generated.prefix, generated.hash, isoSeconds(ctx.clock.now()));
  return { api_key: generated.key, key };
}

export async function revokeKeyByPrefix(
  ctx: ServiceContext,
  prefix: string,
  accountId?: number,
): Promise<'revoked' | 'not_found' | 'ambiguous'> {
  const keys = (await findApiKeysByPrefix(ctx.database.db, prefix)).filter(
    (k) => k.revoked_at === null && (accountId === undefined || k.account_id === accountId),
  );
  const [key] = keys;
  if (key === undefined) return 'not_found';
  if (keys.length > 1) return 'ambiguous';
  const revoked = await revokeApiKey(ctx.database.db, key.id, isoSeconds(ctx.clock.now()));
  forgetAuthentications();
  return revoked ? 'revoked' : 'not_found';
}

export async function setAccountStatus(ctx: ServiceContext, id: number, status: 'active' | 'inactive'): Promise<AccountRow | undefined> {
  const account = await updateAccount(ctx.database.db, id, { status }, isoSeconds(ctx.clock.now()));
  forgetAuthentications();
  return account;
}

export async function setAccountLimits(
  ctx: ServiceContext,
  id: number,
  limits: Partial<Pick<AccountRow, 'weekly_limit' | 'per_minute_limit' | 'render_limit'>>,
): Promise<AccountRow | undefined> {
  const account = await updateAccount(ctx.database.db, id, limits, isoSeconds(ctx.clock.now()));
  forgetAuthentications();
  return account;
}

export const getAccount = (ctx: ServiceContext, id: number) => findAccount(ctx.database.db, id);
export const getAccounts = (ctx: ServiceContext) => listAccounts(ctx.database.db);
export const getKeys = (ctx: ServiceContext, accountId: number) => listApiKeys(ctx.database.db, accountId);

export type Authentication =
  | { ok: true; account: AccountRow; keyId: number; keyPrefix: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'inactive' };

// last_used_at is informational: write it at most once a minute per key, not on every request.
const TOUCH_INTERVAL_MS = 60_000;
// Bounded like the cache below: a key forgotten here is only touched once more than needed.
const lastTouched = new LRUCache<number, number>({ max: 10_000 });

// Every request authenticates, so a successful lookup is remembered for a second of the service
// clock (injectable, so tests advance it instead of waiting). Revoking a key or changing an account through this process forgets them
// all at once; another process's change (CLI, another instance) takes effect within AUTH_CACHE_MS.
const AUTH_CACHE_MS = 1000;
const AUTH_CACHE_SIZE = 10_000;
// Expiry is kept in the entry, against the service clock; lru-cache's own TTL would read the wall clock.
const authCache = new LRUCache<string, { result: Extract<Authentication, { ok: true }>; expires: number }>({ max: AUTH_CACHE_SIZE });
// Bumped by every forget: a lookup that started before a revoke may have read the key as valid, and
// must not put that stale answer in the cache after the revoke cleared it (the next requests would be
// served with the revoked key until the entry expired).
let cacheGeneration = 0;

export function forgetAuthentications(): void {
  cacheGeneration++;
  authCache.clear();
}

/** The remembered answer for a key, without a promise (the request path's fast case); undefined when none is fresh. */
export function cachedAuthentication(ctx: ServiceContext, rawKey: string): Extract<Authentication, { ok: true }> | undefined {
  const cached = authCache.get(rawKey);
  return cached && cached.expires > ctx.clock.now().getTime() ? cached.result : undefined;
}

export async function authenticate(ctx: ServiceContext, rawKey: string): Promise<Authentication> {
  const cached = authCache.get(rawKey);
  const nowMs = ctx.clock.now().getTime();
  if (cached && cached.expires > nowMs) return cached.result;
  const generation = cacheGeneration;
  const found = await findKeyByHash(ctx.database.db, hashApiKey(rawKey));
  if (!found) return { ok: false, reason: 'unknown' };
  if (found.revoked_at !== null) return { ok: false, reason: 'revoked' };
  if (found.account.status !== 'active') return { ok: false, reason: 'inactive' };
  const now = ctx.clock.now();
  const previous = lastTouched.get(found.key_id);
  if (previous === undefined || now.getTime() - previous > TOUCH_INTERVAL_MS) {
    lastTouched.set(found.key_id, now.getTime());
    await touchApiKey(ctx.database.db, found.key_id, isoSeconds(now));
  }
  const result = { ok: true as const, account: found.account, keyId: found.key_id, keyPrefix: found.key_prefix };
  if (generation !== cacheGeneration) return result;
  authCache.set(rawKey, { result, expires: nowMs + AUTH_CACHE_MS });
  return result;
}
