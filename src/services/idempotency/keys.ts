// Idempotency-Key on POST (docs/api.md#idempotency-key): the first request with a key runs and its successful answer
// is kept for 24 hours; a retry with the same key and the same request gets that answer again and
// writes nothing; the same key with another request is 422. Keys belong to an account.
//
// A duplicate that arrives while the first is still running: on the same instance it waits for the
// first to answer and then replays it; on another instance it is 409 Conflict with Retry-After, since
// instances share no events (the retry then gets the stored answer). Only successes are kept: a 4xx
// changed nothing and a 5xx may be transient, so the key is freed and a retry runs again.
import { AppError, validationFailed } from '../../errors.js';
import {
  deleteClaim,
  findIdempotencyKey,
  insertClaim,
  pruneAllExpiredKeys,
  reclaim,
  storeResponse,
  type NewClaim,
} from '../../db/repositories/idempotency-keys.js';
import { isoSeconds } from '../../lib/time.js';
import type { ServiceContext } from '../context.js';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key in flight for longer than this belongs to a process that died before answering; another
 * request may take it over. Far above any request the server serves (docs/api.md#slow-clients).
 */
export const IN_FLIGHT_LEASE_MS = 10 * 60 * 1000;
/** How often an instance deletes expired keys (of every account), when a key is used. */
export const PRUNE_ALL_EVERY_MS = 60 * 1000;
/** Seconds a duplicate from another instance is told to wait. */
export const IN_FLIGHT_RETRY_AFTER_S = 1;

/** Headers that describe the response itself, and so are replayed with it. */
export const REPLAYED_HEADERS = ['content-type', 'location', 'x-ignored-fields', 'x-label-complete', 'link', 'x-total-count'] as const;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The key the request now owns: complete or release it when it answers. */
export interface OwnedKey {
  account_id: number;
  key: string;
  created_at: string;
}

export type Begun = { kind: 'owner'; owned: OwnedKey } | { kind: 'replay'; response: StoredResponse };

/** The check of the header itself: null when acceptable, else why not. */
export function idempotencyKeyProblem(value: string | string[] | undefined): string | null {
  if (Array.isArray(value)) return 'must be sent once';
  if (value === undefined) return null;
  if (value.length === 0 || value.trim() === '') return "can't be blank";
  if (value.length > IDEMPOTENCY_KEY_MAX_LENGTH) return `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`;
  if (!/^[\x20-\x7e]+$/.test(value)) return 'must be printable ASCII';
  return null;
}

export const keyReused = () =>
  validationFailed(
    {
      'Idempotency-Key': ['was used in the last 24 hours for another request (another body or endpoint); send a new key for a new request'],
    },
    'This Idempotency-Key was used in the last 24 hours for another request; send a new key for a new request.',
  );

export const keyInFlight = () =>
  new AppError(
    409,
    'Conflict',
    'A request with this Idempotency-Key is still being processed; retry it in a moment to get its answer.',
    undefined,
    {
      'Retry-After': String(IN_FLIGHT_RETRY_AFTER_S),
    },
  );

/** Requests in flight on this instance, by account and key: duplicates wait on them. */
export class IdempotencyKeys {
  private readonly running = new Map<string, { done: Promise<void>; finish: () => void }>();
  private lastPruneAll = Number.NEGATIVE_INFINITY;

  constructor(private readonly ctx: ServiceContext) {}

  /** Owns the key, or returns the answer to replay; throws 422 (another request) or 409 (in flight elsewhere). */
  async begin(accountId: number, key: string, fingerprint: string): Promise<Begun> {
    const name = this.name(accountId, key);
    for (;;) {
      // A duplicate on this instance waits for the request that holds the key here.
      const local = this.running.get(name);
      if (local) {
        await local.done;
        continue;
      }
      // Held here before the claim is written: a duplicate arriving while the claim is written waits
      // for this request instead of finding its row in flight and answering 409 (regression
      // studio-new-recipe "a form posted twice", on PostgreSQL).
      const held = this.hold(name);
      let owner = false;
      try {
        const now = this.ctx.clock.now();
        const claim: NewClaim = {
          account_id: accountId,
          key,
          fingerprint,
          created_at: isoSeconds(now),
          expires_at: isoSeconds(new Date(now.getTime() + IDEMPOTENCY_TTL_MS)),
        };
        const db = this.ctx.database.db;
        // Expired keys go at most once a minute per instance (one indexed delete); until then an expired
        // key is taken over below, so a late prune never keeps a key from being used again.
        // (A clock set back, as after a correction, counts as time passed.)
        if (now.getTime() - this.lastPruneAll >= PRUNE_ALL_EVERY_MS || now.getTime() < this.lastPruneAll) {
          this.lastPruneAll = now.getTime();
          await pruneAllExpiredKeys(db, claim.created_at);
        }
        if (await insertClaim(db, claim)) {
          owner = true;
          return this.owned(claim);
        }
        const row = await findIdempotencyKey(db, accountId, key);
        // Freed between the insert and the read: try again.
        if (!row) continue;
        const staleBefore = isoSeconds(new Date(now.getTime() - IN_FLIGHT_LEASE_MS));
        if (row.expires_at <= claim.created_at || (row.status === null && row.created_at < staleBefore)) {
          if (await reclaim(db, claim, staleBefore)) {
            owner = true;
            return this.owned(claim);
          }
          continue;
        }
        if (row.fingerprint !== fingerprint) throw keyReused();
        if (row.status !== null) {
          return { kind: 'replay', response: { status: row.status, headers: JSON.parse(row.headers ?? '{}'), body: row.body ?? '' } };
        }
        // In flight, and not on this instance (it would be held here): another process has it.
        throw keyInFlight();
      } finally {
        if (!owner) this.release(name, held);
      }
    }
  }

  /** Keeps the answer of a request that owns its key (successes only), and wakes local duplicates. */
  async finish(owned: OwnedKey, response: StoredResponse | null): Promise<void> {
    try {
      if (response && response.status >= 200 && response.status < 300) {
        await storeResponse(this.ctx.database.db, owned, {
          status: response.status,
          headers: JSON.stringify(response.headers),
          body: response.body,
        });
      } else {
        await deleteClaim(this.ctx.database.db, owned);
      }
    } finally {
      this.wake(owned);
    }
  }

  /** Wakes local duplicates even when the answer was never stored (a dropped connection). */
  wake(owned: OwnedKey): void {
    const name = this.name(owned.account_id, owned.key);
    const entry = this.running.get(name);
    if (!entry) return;
    this.running.delete(name);
    entry.finish();
  }

  /** Marks the key as being claimed by a request of this instance; duplicates here wait on it. */
  private hold(name: string): { done: Promise<void>; finish: () => void } {
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const entry = { done, finish };
    this.running.set(name, entry);
    return entry;
  }

  /** The claim was not this request's: duplicates waiting here look again. */
  private release(name: string, held: { finish: () => void }): void {
    if (this.running.get(name) === held) this.running.delete(name);
    held.finish();
  }

  /** The request owns the key: its hold stays until finish() wakes the duplicates. */
  private owned(claim: NewClaim): Begun {
    return { kind: 'owner', owned: { account_id: claim.account_id, key: claim.key, created_at: claim.created_at } };
  }

  private name(accountId: number, key: string): string {
    return `${accountId}\u0000${key}`;
  }
}
