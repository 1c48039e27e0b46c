// The spreadsheets feature (docs/api.md §10): imports and exports of ingredients, recipes and costs as
// CSV or XLSX. The one entry other layers import from.
export * from './export.js';
export { IMPORT_KINDS, type ImportKind } from './kinds.js';
export { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './limits.js';
export type { ImportChange, ImportError, ImportReport } from './report.js';
export { importReport, runImport, type ImportRequest } from './run-import.js';
