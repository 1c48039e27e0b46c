// Idempotency keys (docs/api.md#idempotency-key): each step is one statement, so instances sharing the database
// agree on who owns a key. Times are ISO strings (YYYY-MM-DDTHH:MM:SSZ), which compare as text.
import type { Executor } from '../schema.js';
import type { IdempotencyKeysTable } from '../tables/idempotency.js';

export type IdempotencyRow = IdempotencyKeysTable;

export interface NewClaim {
  account_id: number;
  key: string;
  fingerprint: string;
  created_at: string;
  expires_at: string;
}

/** Inserts an in-flight row; false when the account already holds the key. */
export async function insertClaim(db: Executor, claim: NewClaim): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ ...claim, status: null, headers: null, body: null })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findIdempotencyKey(db: Executor, accountId: number, key: string): Promise<IdempotencyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst();
}

/**
 * Takes over a row that no longer holds the key: expired, or in flight since before `staleBefore`
 * (its process died before answering). True when this caller now owns the key.
 */
export async function reclaim(db: Executor, claim: NewClaim, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({
      fingerprint: claim.fingerprint,
      status: null,
      headers: null,
      body: null,
      created_at: claim.created_at,
      expires_at: claim.expires_at,
    })
    .where('account_id', '=', claim.account_id)
    .where('key', '=', claim.key)
    .where((eb) =>
      eb.or([eb('expires_at', '<=', claim.created_at), eb.and([eb('status', 'is', null), eb('created_at', '<', staleBefore)])]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores the answer of the request that owns the key (matched by its fingerprint and start time). */
export async function storeResponse(
  db: Executor,
  owner: { account_id: number; key: string; created_at: string },
  response: { status: number; headers: string; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set(response)
    .where('account_id', '=', owner.account_id)
    .where('key', '=', owner.key)
    .where('created_at', '=', owner.created_at)
    .where('status', 'is', null)
    .execute();
}

/** Frees a key whose request did not succeed, so a retry runs again. */
export async function deleteClaim(db: Executor, owner: { account_id: number; key: string; created_at: string }): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', owner.account_id)
    .where('key', '=', owner.key)
    .where('created_at', '=', owner.created_at)
    .where('status', 'is', null)
    .execute();
}

/** Deletes every account's expired keys (by the expiry index), for accounts that never come back. */
export async function pruneAllExpiredKeys(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
