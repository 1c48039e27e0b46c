// Asynchronous label renders (docs/api.md#labels ?async=true). Kept in the database, not in memory, so that
// any instance behind a load balancer can answer the status poll and serve the signed download.

export type LabelRenderStatus = 'waiting' | 'processing' | 'ready' | 'error';

export interface LabelRendersTable {
  /** Random, URL-safe; the public name of the render. */
  token: string;
  account_id: number;
  recipe_id: number;
  status: LabelRenderStatus;
  /** svg | png | pdf */
  format: string;
  /** The rendered file once ready (BLOB in SQLite, bytea in PostgreSQL). */
  bytes: Buffer | null;
  /** What went wrong, when status is error. */
  error: string | null;
  /** ISO timestamp; renders expire lazily some time after it. */
  created_at: string;
  /** The label was complete (1) or not (0) when rendered (docs/api.md#trust-and-completeness); null before migration 017. */
  complete: number | null;
}

export interface LabelRenderTables {
  label_renders: LabelRendersTable;
}
