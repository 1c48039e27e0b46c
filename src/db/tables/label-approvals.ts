// Approved labels (docs/api.md#history): the label frozen with its files, and the Canadian symbol frozen with it.
// Conventions as in core.ts.
import type { Generated } from 'kysely';

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

export interface LabelApprovalTables {
  label_approvals: LabelApprovalsTable;
  label_approval_symbols: LabelApprovalSymbolsTable;
}
