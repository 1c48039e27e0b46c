// Recipe revisions (docs/api.md#history): each revision's manifest, and the parts of the tree it names. Conventions
// as in core.ts.
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

export interface RevisionTables {
  recipe_revisions: RecipeRevisionsTable;
  recipe_history_parts: RecipeHistoryPartsTable;
}
