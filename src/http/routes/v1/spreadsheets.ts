// Spreadsheets in and out (docs/api.md#bulk-work): POST /v1/imports, GET /v1/imports/{id}, and GET /v1/ingredients.csv|.xlsx,
// /v1/recipes.csv|.xlsx, /v1/ingredient_costs.csv|.xlsx.
import { must } from '../../../lib/must.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../../../errors.js';
import {
  EXPORT_CONTENT_TYPES,
  exportStream,
  IMPORT_KINDS,
  ImportJobs,
  importReport,
  runImport,
  type ExportFormat,
} from '../../../services/spreadsheets/index.js';
import { errorResponses } from '../../resources/shared/common.js';
import {
  IMPORT_FIELD_MAX_BYTES,
  ImportBody,
  ImportEnvelope,
  ImportFailed,
  ImportParams,
  SpreadsheetFile,
} from '../../resources/spreadsheets/schemas.js';
import type { RouteDeps } from '../deps.js';
import { callerOf } from '../../request-context.js';

const tags = ['spreadsheets'];

export async function spreadsheetRoutes(base: FastifyInstance, { ctx, config }: RouteDeps): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const limits = config.imports;
  const jobs = new ImportJobs(limits);

  app.post(
    '/imports',
    {
      // The file's own limit, plus room for the other fields and the multipart framing.
      bodyLimit: limits.maxFileBytes + 64 * 1024,
      config: { uploads: { file: { maxBytes: limits.maxFileBytes } }, fieldMaxBytes: IMPORT_FIELD_MAX_BYTES },
      schema: {
        tags,
        summary: 'Import a CSV or XLSX file of ingredients, recipes (one row per line) or ingredient costs, all or nothing',
        description:
          'multipart/form-data with `file`, `kind` and `dry_run` (default true). Headers are the API field names, matched ' +
          'case-insensitively with spaces for underscores; other columns are ignored and named in `warnings`. Prices may ' +
          'carry a currency sign and thousands separators. Names match exactly, else case-insensitively when unique. ' +
          'Any error: nothing is written, 422 with the report (the first 100 errors; `errors_total` counts them all). ' +
          'Every report is kept: `GET /v1/imports/{id}`. A file past a bound (IMPORT_MAX_ROWS, IMPORT_MAX_COLUMNS, ' +
          'IMPORT_MAX_CELLS, IMPORT_MAX_UNPACKED_BYTES) is a 422 naming it; past IMPORT_MAX_FILE_BYTES, 413. At most ' +
          'IMPORT_JOBS_PER_ACCOUNT imports of an account and IMPORT_JOBS_PER_SERVER in all run at once: 429 ImportConcurrencyExceeded with Retry-After.',
        consumes: ['multipart/form-data'],
        body: ImportBody,
        response: { 200: ImportEnvelope, 422: ImportFailed, ...errorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const file = request.uploads?.file;
      if (!file) throw validationFailed({ file: ["can't be blank: send the CSV or XLSX file in the multipart field `file`"] });
      const caller = callerOf(request);
      const report = await jobs.run(caller.accountId, () =>
        runImport(ctx, caller, {
          kind: request.body.kind,
          dryRun: request.body.dry_run ?? true,
          data: file.data,
          filename: file.filename,
          limits,
        }),
      );
      if (report.status !== 'failed') return { import: report };
      const first = must(report.errors[0], 'the first error of a failed import');
      const where = first.row === null ? 'the file' : `row ${first.row}`;
      const total = report.errors_total;
      return reply.code(422).send({
        error: 'ValidationFailed',
        message: `The import failed and nothing was written: ${total.toLocaleString('en-US')} error${total === 1 ? '' : 's'}, the first in ${where}${first.field ? ` (${first.field})` : ''}: ${first.message}.`,
        import: report,
        request_id: request.id,
      });
    },
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        summary: "A past import's report",
        description:
          'The report an import answered (a dry run, an applied import or a failed one), as it answered it: counts, ' +
          "changes, errors and warnings. Reports are kept as long as the account's history (`recipal history prune`). " +
          "Another account's import, or an id that names none: 404.",
        params: ImportParams,
        response: { 200: ImportEnvelope, ...errorResponses(404) },
      },
    },
    async (request) => ({ import: await importReport(ctx, callerOf(request), request.params.id) }),
  );

  for (const kind of IMPORT_KINDS) {
    for (const format of ['csv', 'xlsx'] as const satisfies readonly ExportFormat[]) {
      // Untyped instance: the reply is a stream, which the typed provider's string response does not describe.
      base.get(
        `/${kind}.${format}`,
        {
          schema: {
            tags,
            summary: `Every ${kind === 'ingredient_costs' ? 'ingredient cost entry' : kind.slice(0, -1)} the account owns as ${format.toUpperCase()}, in the columns an import reads back`,
            description: `Streams every ${kind === 'ingredient_costs' ? 'cost entry' : kind === 'recipes' ? 'recipe, one row per line,' : 'ingredient'} of your account as ${format === 'csv' ? 'CSV (UTF-8 with a byte-order mark)' : 'an .xlsx workbook'}, with the column headers POST /v1/imports reads, so the file can be edited and imported back (docs/api.md#spreadsheet-exports). Cells that a spreadsheet would run as a formula are escaped. No parameters; an empty account gives the header row alone.`,
            produces: [EXPORT_CONTENT_TYPES[format].replace(/;.*$/, '')],
            response: { 200: SpreadsheetFile(format), ...errorResponses() },
          },
        },
        async (request, reply) => {
          const date = ctx.clock.now().toISOString().slice(0, 10);
          return reply
            .type(EXPORT_CONTENT_TYPES[format])
            .header('content-disposition', `attachment; filename="${kind}-${date}.${format}"`)
            .send(exportStream(ctx, callerOf(request), kind, format));
        },
      );
    }
  }
}
