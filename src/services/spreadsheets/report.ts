// The answer of an import (docs/api.md §10): counts, every error by row and field, and what each
// changed row does (so a dry run names the updates before they are applied).
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
  /** When the import ran (ISO 8601, UTC). */
  created_at: string;
  rows: number;
  /** Records created, updated and left as they were: all 0 when the import failed (nothing is written). */
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  /** What was read but not used (a column that is not a field), in the shape of errors; never a failure. */
  warnings: ImportError[];
  /** Warnings beyond the first REPORT_LIST_CAP, counted, not listed. */
  warnings_omitted: number;
  changes: ImportChange[];
}

/** At most this many warnings are listed in a report; the rest are counted. */
export const REPORT_LIST_CAP = 100;

/** The first `cap` items of a report's list, and how many more there were. */
export function capReportList<T>(items: readonly T[], cap = REPORT_LIST_CAP): { items: T[]; omitted: number } {
  return { items: items.slice(0, cap), omitted: Math.max(0, items.length - cap) };
}

/** Collects one import's outcome row by row. */
export class ReportBuilder {
  readonly errors: ImportError[] = [];
  readonly warnings: ImportError[] = [];
  readonly changes: ImportChange[] = [];
  unchanged = 0;
  /** Cells whose text could not be read: the rules' verdict on the missing value would only repeat it. */
  private readonly unreadable = new Set<string>();

  error(row: number | null, field: string | null, message: string): void {
    this.errors.push({ row, field, message });
  }

  warning(row: number | null, field: string | null, message: string): void {
    this.warnings.push({ row, field, message });
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
    return this.errors.length > 0;
  }

  /**
   * The report. A failed import wrote nothing, so it counts nothing as created, updated or unchanged
   * and lists no changes (a failed dry run too: what it would have done is not what an apply would do,
   * since an apply of that file fails).
   */
  build(base: { id: string; kind: ImportKind; dry_run: boolean; rows: number; created_at: string }): ImportReport {
    const failed = this.hasErrors();
    const byRow = (a: { row: number | null }, b: { row: number | null }) => (a.row ?? 0) - (b.row ?? 0);
    const warnings = capReportList([...this.warnings].sort(byRow));
    return {
      ...base,
      status: failed ? 'failed' : base.dry_run ? 'checked' : 'applied',
      created: failed ? 0 : this.changes.filter((c) => c.action === 'created').length,
      updated: failed ? 0 : this.changes.filter((c) => c.action === 'updated').length,
      unchanged: failed ? 0 : this.unchanged,
      errors: [...this.errors].sort(byRow),
      warnings: warnings.items,
      warnings_omitted: warnings.omitted,
      changes: failed ? [] : [...this.changes].sort((a, b) => a.row - b.row),
    };
  }
}
