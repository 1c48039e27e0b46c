// Weekly and per-minute request counts (docs/api.md#limits: counts survive a restart) and account-page sessions.
import type { Generated } from 'kysely';

export interface WeeklyUsageTable {
  account_id: number;
  /** Local date (YYYY-MM-DD) of the Monday that opens the week, in the configured reset time zone. */
  week_start: string;
  /** Request numbers reserved this week (migration 013): spent, held by a live process, or lost in a crash. */
  count: number;
  /** The size of the block the last reservation took. */
  last_grant: Generated<number>;
}

/** The current minute's request numbers, one row per account (migration 013). */
export interface MinuteUsageTable {
  account_id: number;
  /** Unix time in whole minutes: the window the count belongs to. */
  minute: number;
  count: number;
  last_grant: number;
}

export interface SessionsTable {
  /** SHA-256 of the session cookie value; the cookie itself is never stored. */
  id_hash: string;
  account_id: number;
  /** The API key that signed in: revoking it ends the session. */
  key_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export interface LimitsTables {
  weekly_usage: WeeklyUsageTable;
  minute_usage: MinuteUsageTable;
  sessions: SessionsTable;
}
