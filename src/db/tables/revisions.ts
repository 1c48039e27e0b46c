// History (docs/api.md §9): recipe revisions, approved labels, the audit trail. Conventions as in core.ts.
import type { Generated } from 'kysely';

export interface RecipeRevisionsTable {
  id: Generated<number>;
  account_id: number;
  recipe_id: number;
  /** 1, 2, 3... per recipe. */
  number: number;
  created_at: string;
  /** The key prefix of the change's caller; null for changes made outside HTTP. */
  changed_by: string | null;
  request_id: string | null;
  /** JSON array of RevisionChange. */
  changes: string;
  /** JSON object: each part of the tree as it stood ("recipe:1", "line:7"...) -> the hash of its JSON. */
  manifest: string;
}

/** One part of a recipe's tree as some revision saw it, stored once per recipe (content-addressed). */
export interface RecipeHistoryPartsTable {
  account_id: number;
  recipe_id: number;
  /** The first 128 bits of the sha256 of body, base64url (services/history/parts.ts). */
  hash: string;
  /** The part's JSON: a recipe, a line, an ingredient or a cost entry. */
  body: string;
}

export interface LabelApprovalsTable {
  id: Generated<number>;
  account_id: number;
  recipe_id: number;
  revision: number;
  language: string;
  format: string;
  approved_at: string;
  approved_by: string | null;
  note: string | null;
  sha256: string;
  /** Canonical JSON of the label model (what sha256 is over). */
  label: string;
  /** The application version whose rules built the label and drew the files. */
  rules_version: string;
  svg: Buffer;
  png: Buffer;
  pdf: Buffer;
}

/** The "High in" symbol frozen with a Canadian approval (migration 041); none when the label needed none. */
export interface LabelApprovalSymbolsTable {
  approval_id: number;
  account_id: number;
  /** The symbol's language (en-CA, fr-CA, bilingual) and orientation, as drawn. */
  language: string;
  orientation: string;
  svg: Buffer;
  png: Buffer;
  pdf: Buffer;
}

export interface AuditEventsTable {
  id: Generated<number>;
  account_id: number;
  created_at: string;
  key_prefix: string | null;
  request_id: string | null;
  /** create | update | delete | approve | key_create | key_revoke... */
  action: string;
  resource: string;
  resource_id: number | null;
  /** JSON array of field names. */
  fields: string;
}

export interface HistoryTables {
  recipe_revisions: RecipeRevisionsTable;
  recipe_history_parts: RecipeHistoryPartsTable;
  label_approvals: LabelApprovalsTable;
  label_approval_symbols: LabelApprovalSymbolsTable;
  audit_events: AuditEventsTable;
}
