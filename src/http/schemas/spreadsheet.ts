// Spreadsheet imports and exports (docs/api.md §10).
import { Type, type Static } from '@sinclair/typebox';
import { REPORTED_ITEMS_MAX } from '../../services/spreadsheets/index.js';
import { Nullable } from './common.js';

export const ImportKindSchema = Type.Union([Type.Literal('ingredients'), Type.Literal('recipes'), Type.Literal('ingredient_costs')], {
  description: 'what the rows are',
});

/** Bytes of each multipart field beside `file` (`kind`, `dry_run`): a few words (413 beyond). */
export const IMPORT_FIELD_MAX_BYTES = 1024;

/** The multipart fields beside `file` (the file itself arrives through config.uploads). */
export const ImportBody = Type.Object({
  // Documented here for the OpenAPI form; the part itself is read by the multipart parser (config.uploads).
  file: Type.Optional(
    Type.String({ format: 'binary', description: 'the CSV or XLSX file (required; at most IMPORT_MAX_FILE_BYTES, 16 MiB by default)' }),
  ),
  kind: ImportKindSchema,
  dry_run: Type.Optional(
    Type.Boolean({ default: true, description: 'check and answer what would happen, writing nothing (default true)' }),
  ),
});
export type ImportBodyType = Static<typeof ImportBody>;

const ImportError = Type.Object({
  row: Nullable(Type.Integer({ description: 'row number as the spreadsheet shows it (header = 1); null for the file as a whole' })),
  field: Nullable(Type.String({ description: 'the column' })),
  message: Type.String(),
});

const ImportChange = Type.Object({
  row: Type.Integer(),
  action: Type.Union([Type.Literal('created'), Type.Literal('updated')]),
  id: Nullable(Type.Integer({ description: 'null for a record a dry run would create' })),
  name: Type.String(),
  fields: Type.Array(Type.String(), { description: 'for updates: the columns whose value changes' }),
});

export const ImportReportSchema = Type.Object({
  id: Type.String(),
  kind: ImportKindSchema,
  dry_run: Type.Boolean(),
  status: Type.Union([Type.Literal('checked'), Type.Literal('applied'), Type.Literal('failed')]),
  rows: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(ImportError, {
    maxItems: REPORTED_ITEMS_MAX,
    description: `the first ${REPORTED_ITEMS_MAX} errors: file-wide ones (row null) first, then by row`,
  }),
  errors_total: Type.Integer({ minimum: 0, description: 'every error of the import, listed in `errors` or not', examples: [3] }),
  errors_truncated: Type.Boolean({ description: `true when \`errors\` lists only the first ${REPORTED_ITEMS_MAX} of \`errors_total\`` }),
  changes: Type.Array(ImportChange),
});

export const ImportEnvelope = Type.Object({ import: ImportReportSchema });

/** A failed import: the error shape of docs/api.md §1.5 with the report beside it (nothing was written). */
export const ImportFailed = Type.Object({
  error: Type.String(),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  import: Type.Optional(ImportReportSchema),
  request_id: Type.String(),
});

export const SpreadsheetFile = Type.String({ description: 'the file (text/csv, or an .xlsx workbook)' });
