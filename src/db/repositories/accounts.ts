// Accounts and their API keys. Keys are stored only as SHA-256 hashes plus a display prefix.
import { preparedQuery } from '../prepared.js';
import type { Executor } from '../schema.js';

export interface AccountRow {
  id: number;
  name: string;
  email: string | null;
  status: 'active' | 'inactive';
  weekly_limit: number | null;
  per_minute_limit: number | null;
  render_limit: number | null;
  currency: string;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyRow {
  id: number;
  account_id: number;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface NewAccount {
  name: string;
  email: string | null;
  weekly_limit: number | null;
  per_minute_limit: number | null;
  render_limit: number | null;
  currency?: string;
}

const ACCOUNT_COLUMNS = [
  'id',
  'name',
  'email',
  'status',
  'weekly_limit',
  'per_minute_limit',
  'render_limit',
  'currency',
  'created_at',
  'updated_at',
] as const;

const KEY_COLUMNS = ['id', 'account_id', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;

export async function insertAccount(db: Executor, account: NewAccount, now: string): Promise<AccountRow> {
  const row = await db
    .insertInto('accounts')
    .values({ ...account, currency: account.currency ?? 'USD', status: 'active', created_at: now, updated_at: now })
    .returning(ACCOUNT_COLUMNS)
    .executeTakeFirstOrThrow();
  return row as AccountRow;
}

export async function countAccounts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAccount(db: Executor, id: number): Promise<AccountRow | undefined> {
  return (await db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst()) as AccountRow | undefined;
}

export async function listAccounts(db: Executor): Promise<AccountRow[]> {
  return (await db.selectFrom('accounts').select(ACCOUNT_COLUMNS).orderBy('id').execute()) as AccountRow[];
}

export async function updateAccount(
  db: Executor,
  id: number,
  changes: Partial<Pick<AccountRow, 'status' | 'weekly_limit' | 'per_minute_limit' | 'render_limit' | 'currency' | 'name' | 'email'>>,
  now: string,
): Promise<AccountRow | undefined> {
  return (await db
    .updateTable('accounts')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .returning(ACCOUNT_COLUMNS)
    .executeTakeFirst()) as AccountRow | undefined;
}

export async function insertApiKey(db: Executor, accountId: number, prefix: string, keyHash: string, now: string): Promise<ApiKeyRow> {
  return (await db
    .insertInto('api_keys')
    .values({ account_id: accountId, prefix, key_hash: keyHash, created_at: now })
    .returning(KEY_COLUMNS)
    .executeTakeFirstOrThrow()) as ApiKeyRow;
}

export async function listApiKeys(db: Executor, accountId: number): Promise<ApiKeyRow[]> {
  return (await db.selectFrom('api_keys').select(KEY_COLUMNS).where('account_id', '=', accountId).orderBy('id').execute()) as ApiKeyRow[];
}

export async function findApiKeysByPrefix(db: Executor, prefix: string): Promise<ApiKeyRow[]> {
  return (await db.selectFrom('api_keys').select(KEY_COLUMNS).where('prefix', '=', prefix).execute()) as ApiKeyRow[];
}

/** Revokes a key unless it already is; false when it was (a concurrent revoke got there first). */
export async function revokeApiKey(db: Executor, keyId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchApiKey(db: Executor, keyId: number, now: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute();
}

/** ACCOUNT_COLUMNS read through a join that names the accounts table `a` (the key and session lookups). */
export const JOINED_ACCOUNT_COLUMNS = ACCOUNT_COLUMNS.map((column) => `a.${column}` as const);

export interface KeyWithAccount {
  key_id: number;
  /** The key's display prefix: who made a change, in history and audit (docs/api.md#history). */
  key_prefix: string;
  revoked_at: string | null;
  account: AccountRow;
}

const keyByHash = preparedQuery<Omit<KeyWithAccount, 'account'> & AccountRow, [string]>((db) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select(['k.id as key_id', 'k.prefix as key_prefix', 'k.revoked_at', ...JOINED_ACCOUNT_COLUMNS])
    .where('k.key_hash', '=', ''),
);

/** The authentication lookup, on every request: one indexed read by key hash. */
export async function findKeyByHash(db: Executor, keyHash: string): Promise<KeyWithAccount | undefined> {
  const [row] = await keyByHash(db, keyHash);
  if (!row) return undefined;
  const { key_id, key_prefix, revoked_at, ...account } = row;
  return { key_id, key_prefix, revoked_at, account };
}
