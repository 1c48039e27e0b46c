// The spreadsheets feature (docs/api.md#bulk-work): imports and exports of ingredients, recipes and costs as
// CSV or XLSX. The one entry other layers import from.
export * from './export.js';
export { IMPORT_KINDS, type ImportKind } from './kinds.js';
export { CappedList, REPORTED_ITEMS_MAX } from './capped-list.js';
export { ImportJobs } from './import-jobs.js';
export type { ImportLimits } from './limits.js';
export type { ImportChange, ImportError, ImportReport } from './report.js';
export { importReport, runImport, type ImportRequest } from './run-import.js';
