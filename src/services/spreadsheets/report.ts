// The answer of an import (docs/api.md#bulk-work): counts, the errors by row and field (the first
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
  /** For updates: each changed field's value before and after (not the lines: `lines`). */
  values?: Record<string, { old: unknown; new: unknown }>;
  /** For recipe updates: the lines the import changes, each with its values before and after. */
  lines?: LineChange[];
}

export interface LineChange {
  /** The line's id; null for a line a dry run would add. */
  line_id: number | null;
  ingredient_id: number;
  ingredient_name: string | null;
  change: 'updated' | 'added' | 'removed';
  old: { unit: string; quantity: number; waste: number; total_grams: number } | null;
  new: { unit: string; quantity: number; waste: number; total_grams: number } | null;
}

export interface ImportReport {
  id: string;
  kind: ImportKind;
  dry_run: boolean;
  /** `checked` (dry run, no errors), `applied`, or `failed` (nothing written). */
  status: 'checked' | 'applied' | 'failed';
  /** When the import ran (ISO 8601, UTC). */
  created_at: string;
  rows: number;
  /** Records created, updated and left as they were: all 0 when the import failed (nothing is written). */
  created: number;
  updated: number;
  unchanged: number;
  /** The first errors by row (at most REPORTED_ITEMS_MAX). */
  errors: ImportError[];
  /** Every error of the import, listed or not. */
  errors_total: number;
  /** Whether some errors are counted in `errors_total` but not listed. */
  errors_truncated: boolean;
  /** What was read but not used (a column that is not a field), in the shape of errors; never a failure. The first ones by row. */
  warnings: ImportError[];
  /** Every warning of the import, listed or not. */
  warnings_total: number;
  /** Whether some warnings are counted in `warnings_total` but not listed. */
  warnings_truncated: boolean;
  changes: ImportChange[];
}

/** File-wide problems (row null) first, then by row. */
const byRow = (a: ImportError, b: ImportError): boolean => (a.row ?? 0) < (b.row ?? 0);

/** Collects one import's outcome row by row. */
export class ReportBuilder {
  readonly errors = new CappedList<ImportError>(byRow);
  readonly warnings = new CappedList<ImportError>(byRow);
  readonly changes: ImportChange[] = [];
  unchanged = 0;
  /** Cells whose text could not be read: the rules' verdict on the missing value would only repeat it. */
  private readonly unreadable = new Set<string>();

  /** A builder with what this one holds so far, to go on from separately (an import checked again). */
  copy(): ReportBuilder {
    const copy = new ReportBuilder();
    copy.errors.copyFrom(this.errors);
    copy.warnings.copyFrom(this.warnings);
    copy.changes.push(...this.changes);
    copy.unchanged = this.unchanged;
    for (const cell of this.unreadable) copy.unreadable.add(cell);
    return copy;
  }

  error(row: number | null, field: string | null, message: string): void {
    this.errors.add({ row, field, message });
  }

  warning(row: number | null, field: string | null, message: string): void {
    this.warnings.add({ row, field, message });
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

  updated(row: number, id: number, name: string, fields: string[], details: Pick<ImportChange, 'values' | 'lines'> = {}): void {
    this.changes.push({ row, action: 'updated', id, name, fields, ...details });
  }

  hasErrors(): boolean {
    return this.errors.total > 0;
  }

  /**
   * The report. A failed import wrote nothing, so it counts nothing as created, updated or unchanged
   * and lists no changes (a failed dry run too: what it would have done is not what an apply would do,
   * since an apply of that file fails).
   */
  build(base: { id: string; kind: ImportKind; dry_run: boolean; rows: number; created_at: string }): ImportReport {
    const failed = this.hasErrors();
    return {
      ...base,
      status: failed ? 'failed' : base.dry_run ? 'checked' : 'applied',
      created: failed ? 0 : this.changes.filter((c) => c.action === 'created').length,
      updated: failed ? 0 : this.changes.filter((c) => c.action === 'updated').length,
      unchanged: failed ? 0 : this.unchanged,
      errors: [...this.errors.items],
      errors_total: this.errors.total,
      errors_truncated: this.errors.truncated,
      warnings: [...this.warnings.items],
      warnings_total: this.warnings.total,
      warnings_truncated: this.warnings.truncated,
      changes: failed ? [] : [...this.changes].sort((a, b) => a.row - b.row),
    };
  }
}
