// Idempotency keys (docs/api.md#idempotency-key, migration 029): one row per account and key for 24 hours.

export interface IdempotencyKeysTable {
  account_id: number;
  /** The client's Idempotency-Key, 1 to 255 characters. */
  key: string;
  /** SHA-256 (hex) of the first request's method, path, query and body. */
  fingerprint: string;
  /** The response status once answered; null while the first request is in flight. */
  status: number | null;
  /** JSON object of the response headers a replay repeats. */
  headers: string | null;
  /** The response body as sent (JSON text). */
  body: string | null;
  created_at: string;
  /** created_at + 24 hours: after it the key is free again and the row is pruned. */
  expires_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
