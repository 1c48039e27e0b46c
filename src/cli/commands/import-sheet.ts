// recipal import FILE --kind ingredients|recipes|ingredient_costs --account ID [--apply] [--json]
// The same import as POST /v1/imports (docs/api.md#bulk-work): a dry run unless --apply, all or nothing, the
// same report. Exit status: 0 checked or applied; 1 the import failed (nothing written, errors listed).
import { must } from '../../lib/must.js';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { IMPORT_KINDS, type ImportKind } from '../../core/spreadsheet-kinds.js';
import type { ImportError, ImportReport } from '../../services/spreadsheets/index.js';
import { CommandRefused, defineCommand, UsageError } from '../args.js';
import { withDatabase } from '../database.js';
import { accountsService, spreadsheetsService } from '../services.js';
import { Progress } from '../progress.js';

/** The report as lines: the outcome and counts, each change, then every error and warning by row and field. */
export function importReportLines(report: ImportReport, file: string): string[] {
  const outcome =
    report.status === 'failed'
      ? 'FAILED, nothing written'
      : report.status === 'checked'
        ? 'dry run, nothing written (add --apply to write)'
        : 'applied';
  const lines = [
    `${file}: ${report.rows} ${report.kind} rows, ${outcome}`,
    `  created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, errors ${report.errors_total}`,
  ];
  for (const c of report.changes)
    lines.push(
      `  row ${c.row}: ${c.action} ${c.name}${c.id === null ? '' : ` (id ${c.id})`}${c.fields.length > 0 ? `: ${c.fields.join(', ')}` : ''}`,
    );
  const where = (e: ImportError) => `  ${e.row === null ? 'file' : `row ${e.row}`}${e.field ? ` ${e.field}` : ''}: ${e.message}`;
  const more = (total: number, listed: number, what: string) => `  ... and ${(total - listed).toLocaleString('en-US')} more ${what}`;
  if (report.errors.length > 0) lines.push('Errors:', ...report.errors.map(where));
  if (report.errors_truncated) lines.push(more(report.errors_total, report.errors.length, 'errors'));
  if (report.warnings.length > 0) lines.push('Warnings (not errors):', ...report.warnings.map(where));
  if (report.warnings_truncated) lines.push(more(report.warnings_total, report.warnings.length, 'warnings'));
  return lines;
}

export const importSheetCommand = defineCommand({
  name: 'import',
  summary: 'import a CSV or XLSX file of ingredients, recipes or ingredient costs into an account',
  description:
    'Imports a spreadsheet into one account, exactly as POST /v1/imports does (docs/api.md#bulk-work): a header\n' +
    "row of the API's field names, rows matched by id, sku (recipes) or exact name, all or nothing.\n" +
    'Without --apply it is a dry run: it reports what would be created, updated and left unchanged, and\n' +
    'every error by row and field, and writes nothing.',
  positionals: [{ name: 'FILE', description: 'the .csv or .xlsx file' }],
  options: {
    kind: { type: 'string', value: 'KIND', description: `what the rows are: ${IMPORT_KINDS.join(', ')}` },
    account: { type: 'string', value: 'ID', description: 'the account the rows belong to' },
    apply: { type: 'boolean', description: 'write the changes (otherwise a dry run)', default: 'dry run' },
    json: { type: 'boolean', description: 'print the report as JSON (the API\'s {"import": {...}})' },
  },
  exitStatuses: ['1 the import failed: nothing written, every error listed'],
  examples: [
    'recipal import recipes.csv --kind recipes --account 1',
    'recipal import costs.xlsx --kind ingredient_costs --account 1 --apply',
  ],
  async run({ positionals, options, config, io }) {
    const file = must(positionals[0], 'FILE (the parser requires it)');
    const kind = options.kind as ImportKind | undefined;
    if (!kind || !IMPORT_KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${IMPORT_KINDS.join(', ')}`);
    const accountId = Number(options.account);
    if (!options.account || !Number.isSafeInteger(accountId) || accountId < 1)
      throw new UsageError('--account needs the numeric id of an account');
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
    }
    const progress = new Progress(io.terminal);
    const [{ getAccount }, { runImport }] = await Promise.all([accountsService(), spreadsheetsService()]);
    const report = await withDatabase(config, async (ctx) => {
      if (!(await getAccount(ctx, accountId))) throw new CommandRefused(`no account with id ${accountId}`, 1);
      return runImport(
        ctx,
        { accountId, keyId: 0 },
        {
          kind,
          dryRun: options.apply !== true,
          data,
          filename: basename(file),
          limits: config.imports,
          onProgress: (done, total) => progress.update(options.apply ? 'import' : 'check', done, total, `${done} of ${total} rows`),
        },
      );
    });
    progress.finish();
    if (options.json) io.out(JSON.stringify({ import: report }));
    else for (const line of importReportLines(report, basename(file))) io.out(line);
    return report.status === 'failed' ? 1 : 0;
  },
});
