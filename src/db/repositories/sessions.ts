// Account-page sessions. A session is only as alive as the key that opened it and its account:
// the lookup joins both, so revoking the key or deactivating the account ends it at once.
import type { Executor } from '../schema.js';
import type { SessionsTable } from '../tables/limits.js';
import { JOINED_ACCOUNT_COLUMNS, type AccountRow } from './accounts.js';

/** A new session row, as the table holds it (no generated columns). */
export type NewSession = SessionsTable;

export interface LiveSession {
  id_hash: string;
  key_id: number;
  /** The prefix of the key the session signed in with: history and the audit trail name changes by it. */
  key_prefix: string;
  csrf_token: string;
  expires_at: string;
  account: AccountRow;
}

export async function insertSession(db: Executor, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session if it has not expired, its key is not revoked and its account is active. */
export async function findLiveSession(db: Executor, idHash: string, now: string): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('api_keys as k', 'k.id', 's.key_id')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select(['s.id_hash', 's.key_id', 'k.prefix as key_prefix', 's.csrf_token', 's.expires_at', ...JOINED_ACCOUNT_COLUMNS])
    .where('s.id_hash', '=', idHash)
    .where('s.expires_at', '>', now)
    .where('k.revoked_at', 'is', null)
    .whereRef('k.account_id', '=', 's.account_id')
    .where('a.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return undefined;
  const { id_hash, key_id, key_prefix, csrf_token, expires_at, ...account } = row;
  return { id_hash, key_id, key_prefix, csrf_token, expires_at, account: account as AccountRow };
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteExpiredSessions(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
