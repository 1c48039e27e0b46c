// What the account pages may show of an account and its keys: the shapes services hand to the web
// layer, so a page never depends on a database row (and a column added to a table is not shown by accident).
// Never the key hash or secret: a key is shown by its prefix only (docs/api.md#authentication).

export interface AccountSummary {
  id: number;
  name: string;
  email: string | null;
  status: 'active' | 'inactive';
}

export interface ApiKeySummary {
  id: number;
  /** The first characters of the key, enough to tell keys apart. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
