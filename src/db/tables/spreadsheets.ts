// Spreadsheet imports (docs/api.md#spreadsheet-imports, migration 044): the report of each import, kept.

export interface ImportReportsTable {
  /** The report's id (a random UUID), as the import answered it. */
  id: string;
  account_id: number;
  created_at: string;
  /** The report as the API answers it (JSON text). */
  report: string;
}

export interface SpreadsheetTables {
  import_reports: ImportReportsTable;
}
