// Spreadsheet imports and exports (docs/api.md#bulk-work).
import { Type, type Static } from '@sinclair/typebox';
import { REPORTED_ITEMS_MAX } from '../../../services/spreadsheets/index.js';
import { Nullable } from '../shared/common.js';

export const ImportKindSchema = Type.Union([Type.Literal('ingredients'), Type.Literal('recipes'), Type.Literal('ingredient_costs')], {
  description: 'what the rows are',
});

/** Bytes of each multipart field beside `file` (`kind`, `dry_run`): a few words (413 beyond). */
export const IMPORT_FIELD_MAX_BYTES = 1024;

/** The multipart fields beside `file` (the file itself arrives through config.uploads). */
export const ImportBody = Type.Object(
  {
    // Documented here for the OpenAPI form; the part itself is read by the multipart parser (config.uploads).
    file: Type.Optional(
      Type.String({ format: 'binary', description: 'the CSV or XLSX file (required; at most IMPORT_MAX_FILE_BYTES, 16 MiB by default)' }),
    ),
    kind: ImportKindSchema,
    dry_run: Type.Optional(
      Type.Boolean({ default: true, description: 'check and answer what would happen, writing nothing (default true)' }),
    ),
  },
  {
    examples: [
      {
        file: 'Ingredient Name,Effective At,Unit,Quantity,Price,Notes\nButter,2026-11-01,1 lb,1,$4.89,new supplier\nBrown sugar,2026-11-01,1 lb,2,"$1,152.00",\n',
        kind: 'ingredient_costs',
        dry_run: true,
      },
    ],
  },
);
export type ImportBodyType = Static<typeof ImportBody>;

const ImportError = Type.Object({
  row: Nullable(Type.Integer({ description: 'row number as the spreadsheet shows it (header = 1); null for the file as a whole' })),
  field: Nullable(Type.String({ description: 'the column' })),
  message: Type.String(),
});

const LineAmounts = Type.Object(
  { unit: Type.String(), quantity: Type.Number(), waste: Type.Number(), total_grams: Type.Number() },
  { additionalProperties: false },
);

const ImportChange = Type.Object({
  row: Type.Integer(),
  action: Type.Union([Type.Literal('created'), Type.Literal('updated')]),
  id: Nullable(Type.Integer({ description: 'null for a record a dry run would create' })),
  name: Type.String(),
  fields: Type.Array(Type.String(), { description: 'for updates: the columns whose value changes' }),
  values: Type.Optional(
    Type.Record(Type.String(), Type.Object({ old: Type.Unknown(), new: Type.Unknown() }, { additionalProperties: false }), {
      description: "for updates: each changed column's value before and after (a recipe's lines are in `lines`)",
    }),
  ),
  lines: Type.Optional(
    Type.Array(
      Type.Object(
        {
          line_id: Nullable(Type.Integer({ description: 'the line (kept in place when updated); null for a line a dry run would add' })),
          ingredient_id: Type.Integer(),
          ingredient_name: Nullable(Type.String()),
          change: Type.Union([Type.Literal('updated'), Type.Literal('added'), Type.Literal('removed')]),
          old: Nullable(LineAmounts),
          new: Nullable(LineAmounts),
        },
        { additionalProperties: false },
      ),
      { description: 'for recipe updates: the lines that change, each with its amounts before and after' },
    ),
  ),
});

export const ImportReportSchema = Type.Object({
  id: Type.String({ description: "the report's id: `GET /v1/imports/{id}` answers it again later" }),
  kind: ImportKindSchema,
  dry_run: Type.Boolean(),
  status: Type.Union([Type.Literal('checked'), Type.Literal('applied'), Type.Literal('failed')], {
    description: '`checked` (a dry run without errors), `applied`, or `failed` (nothing written)',
  }),
  created_at: Type.String({ description: 'when the import ran (ISO 8601, UTC)' }),
  rows: Type.Integer({ description: 'data rows in the file' }),
  created: Type.Integer({ description: 'records created (0 when the import failed)' }),
  updated: Type.Integer({ description: 'records updated (0 when the import failed)' }),
  unchanged: Type.Integer({ description: 'rows that match a record and change nothing (0 when the import failed)' }),
  errors: Type.Array(ImportError, {
    maxItems: REPORTED_ITEMS_MAX,
    description: `the first ${REPORTED_ITEMS_MAX} errors, by row and column: file-wide ones (row null) first; any error: nothing written`,
  }),
  errors_total: Type.Integer({ minimum: 0, description: 'every error of the import, listed in `errors` or not', examples: [3] }),
  errors_truncated: Type.Boolean({ description: `true when \`errors\` lists only the first ${REPORTED_ITEMS_MAX} of \`errors_total\`` }),
  warnings: Type.Array(ImportError, {
    maxItems: REPORTED_ITEMS_MAX,
    description: `what was read but not used (a column that is not a field: ignored); the first ${REPORTED_ITEMS_MAX}, by row`,
  }),
  warnings_total: Type.Integer({ minimum: 0, description: 'every warning of the import, listed in `warnings` or not' }),
  warnings_truncated: Type.Boolean({
    description: `true when \`warnings\` lists only the first ${REPORTED_ITEMS_MAX} of \`warnings_total\``,
  }),
  changes: Type.Array(ImportChange, { description: 'each record created or updated (none when the import failed)' }),
});

const EXAMPLE_REPORT = {
  id: '0b6f4c1e-8d2a-4f57-9c3e-5a1d2b7e9f40',
  kind: 'ingredient_costs',
  dry_run: true,
  status: 'checked',
  created_at: '2026-11-18T09:30:00Z',
  rows: 2,
  created: 1,
  updated: 1,
  unchanged: 0,
  errors: [],
  warnings: [{ row: 1, field: 'Notes', message: 'is not a column of ingredient_costs imports; its cells are ignored' }],
  errors_total: 0,
  errors_truncated: false,
  warnings_total: 1,
  warnings_truncated: false,
  changes: [
    { row: 2, action: 'updated', id: 41, name: 'Butter on 2026-11-01', fields: ['price'] },
    { row: 3, action: 'created', id: null, name: 'Brown sugar on 2026-11-01', fields: [] },
  ],
};

export const ImportEnvelope = Type.Object(
  { import: ImportReportSchema },
  { description: 'The import report', examples: [{ import: EXAMPLE_REPORT }] },
);

export const ImportParams = Type.Object({
  id: Type.String({ description: "the import's id, as its report gave it (a UUID)", examples: [EXAMPLE_REPORT.id] }),
});

/** A failed import: the error shape of docs/api.md#errors with the report beside it (nothing was written). */
export const ImportFailed = Type.Object({
  error: Type.String(),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  import: Type.Optional(ImportReportSchema),
  request_id: Type.String(),
});

const SHEET_STARTS = {
  csv: '\ufeffid,ingredient_id,ingredient_name,supplier,effective_at,quantity,unit,price,shipping\r\n1,1,All-purpose flour,,2026-11-01,25,1 lb,19.5,2.5\r\n',
  xlsx: 'PK\u0003\u0004\u0014\u0000\b\u0000\b\u0000…[Content_Types].xml…',
};

/** An export (`produces` of its route): CSV text with a byte-order mark, or an .xlsx workbook (a zip; the example shows how it starts). */
export const SpreadsheetFile = (format: keyof typeof SHEET_STARTS) =>
  Type.String({
    description:
      format === 'csv'
        ? 'the CSV text (UTF-8 with a byte-order mark, CRLF line ends)'
        : 'the .xlsx workbook; the example shows how it starts',
    examples: [SHEET_STARTS[format]],
  });
