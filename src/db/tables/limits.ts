// Weekly request counts (API.md §1.7: counts survive a restart) and account-page sessions.

export interface WeeklyUsageTable {
  account_id: number;
  /** Local date (YYYY-MM-DD) of the Monday that opens the week, in the configured reset time zone. */
  week_start: string;
  count: number;
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
  sessions: SessionsTable;
}
