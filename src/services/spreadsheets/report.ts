// The answer of an import (docs/api.md §10): counts, the errors by row and field (the first
// REPORTED_ITEMS_MAX of them, and how many there are), and what each changed row does (so a dry run
// names the updates before they are applied).
import { CappedList } from './capped-list.js';
import type { ImportKind } from './kinds.js';

export interface ImportError {
  /** The spreadsheet's row number (the header is row 1); null for the file as a whole. */
  row: number | null;
  field: string | null;
  message: string;
}

export interface ImportChange {
  row: number;
  action: 'created' | 'updated';
  /** The record's id; null for a record a dry run would create. */
  id: number | null;
  name: string;
  /** For updates: the fields whose value changes. */
  fields: string[];
}

export interface ImportReport {
  id: string;
  kind: ImportKind;
  dry_run: boolean;
  /** `checked` (dry run, no errors), `applied`, or `failed` (nothing written). */
  status: 'checked' | 'applied' | 'failed';
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** The first errors by row (at most REPORTED_ITEMS_MAX). */
  errors: ImportError[];
  /** Every error of the import, listed or not. */
  errors_total: number;
  /** Whether some errors are counted in `errors_total` but not listed. */
  errors_truncated: boolean;
  changes: ImportChange[];
}

/** Collects one import's outcome row by row. */
export class ReportBuilder {
  /** File-wide errors (row null) first, then by row. */
  readonly errors = new CappedList<ImportError>((a, b) => (a.row ?? 0) < (b.row ?? 0));
  readonly changes: ImportChange[] = [];
  unchanged = 0;
  /** Cells whose text could not be read: the rules' verdict on the missing value would only repeat it. */
  private readonly unreadable = new Set<string>();

  error(row: number | null, field: string | null, message: string): void {
    this.errors.add({ row, field, message });
  }

  cellError(row: number, field: string, message: string): void {
    this.unreadable.add(`${row}:${field}`);
    this.error(row, field, message);
  }

  /** A rule failure from the services' rules: every message of every field (but a cell already reported unreadable). */
  fieldErrors(row: number, errors: Record<string, string[]>, rename: Record<string, string> = {}): void {
    for (const [field, messages] of Object.entries(errors)) {
      const column = rename[field] ?? field;
      if (this.unreadable.has(`${row}:${column}`)) continue;
      for (const m of messages) this.error(row, column, m);
    }
  }

  created(row: number, id: number | null, name: string): void {
    this.changes.push({ row, action: 'created', id, name, fields: [] });
  }

  updated(row: number, id: number, name: string, fields: string[]): void {
    this.changes.push({ row, action: 'updated', id, name, fields });
  }

  hasErrors(): boolean {
    return this.errors.total > 0;
  }

  /** Rows with no errors of their own (counts only make sense when the import as a whole went through). */
  build(base: { id: string; kind: ImportKind; dry_run: boolean; rows: number }): ImportReport {
    const failed = this.hasErrors();
    return {
      ...base,
      status: failed ? 'failed' : base.dry_run ? 'checked' : 'applied',
      created: this.changes.filter((c) => c.action === 'created').length,
      updated: this.changes.filter((c) => c.action === 'updated').length,
      unchanged: this.unchanged,
      errors: [...this.errors.items],
      errors_total: this.errors.total,
      errors_truncated: this.errors.truncated,
      changes: [...this.changes].sort((a, b) => a.row - b.row),
    };
  }
}
