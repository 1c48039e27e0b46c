// POST /v1/imports and `recipal import` (docs/api.md#bulk-work): a spreadsheet checked and applied all or
// nothing in ONE transaction, with the API's own rules for every record. A dry run goes through the
// very same writes and rolls them back, so what it answers is what an apply would do.
import { must } from '../../lib/must.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { ingredientIdsOfCosts } from '../../db/repositories/ingredient-costs.js';
import { findImportReport, insertImportReport } from '../../db/repositories/spreadsheets.js';
import { notFound } from '../../errors.js';
import type { Executor } from '../../db/schema.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { type AuditedWrite, recordWrites } from '../history/index.js';
import { importCosts } from './import-costs.js';
import { importIngredients, type ImportStep } from './import-ingredients.js';
import { importRecipes } from './import-recipes.js';
import type { ImportKind } from './kinds.js';
import type { ImportLimits } from './limits.js';
import { readSheet, UnreadableSheet, type Sheet } from './read-sheet.js';
import { type ImportChange, type ImportReport, ReportBuilder } from './report.js';
import { checkHeader, readRows, type ImportRow } from './rows.js';

/** Rows checked between two turns of the event loop given to other requests (RELIABILITY.md "Imports"). */
const ROWS_PER_TURN = 50;

export interface ImportRequest {
  kind: ImportKind;
  dryRun: boolean;
  data: Buffer;
  filename: string;
  /** What the file may hold (config.imports): reading stops at the first bound past. */
  limits: ImportLimits;
  /** Called as rows are checked (the CLI's progress bar). */
  onProgress?: (done: number, total: number) => void;
}

const IMPORTERS: Record<ImportKind, (step: ImportStep, rows: readonly ImportRow[]) => Promise<void>> = {
  ingredients: importIngredients,
  recipes: importRecipes,
  ingredient_costs: importCosts,
};

const RESOURCE: Record<ImportKind, AuditedWrite['resource']> = {
  ingredients: 'ingredient',
  recipes: 'recipe',
  ingredient_costs: 'ingredient_cost',
};

/**
 * The applied import's history (docs/api.md#history), in its transaction, as the one-record routes record
 * theirs: an audit event of each record it created or updated, with the record's id (`fields`: the
 * columns an update changed, or the columns a created record's row filled), and revisions of the
 * recipes it changed: recipes imported are the recipes changed; ingredients and cost entries imported
 * change the recipes that use those ingredients.
 */
async function recordImport(
  tx: Executor,
  ctx: ServiceContext,
  caller: Caller,
  kind: ImportKind,
  changes: readonly ImportChange[],
  rows: readonly ImportRow[],
) {
  if (changes.length === 0) return;
  const givenColumns = new Map(
    rows.map((r) => [r.row, Object.entries(r.values).flatMap(([column, value]) => (column === 'id' || value === null ? [] : [column]))]),
  );
  const events = [...changes]
    .sort((a, b) => a.row - b.row)
    .map(
      (c): AuditedWrite => ({
        action: c.action === 'created' ? 'create' : 'update',
        resource: RESOURCE[kind],
        resourceId: c.id,
        fields: c.action === 'created' ? (givenColumns.get(c.row) ?? []) : c.fields,
      }),
    );
  const ids = changes.map((c) => must(c.id, 'the id of a written record (a dry run records nothing)'));
  if (kind === 'recipes') await recordWrites(tx, ctx, caller, events, { recipeIds: ids });
  else if (kind === 'ingredients') await recordWrites(tx, ctx, caller, events, { ingredientIds: ids });
  else await recordWrites(tx, ctx, caller, events, { ingredientIds: await ingredientIdsOfCosts(tx, caller.accountId, ids) });
}

/** Thrown inside the transaction to roll it back (a dry run, or any error), carrying nothing. */
class RollBack extends Error {}

type ReportBase = Pick<ImportReport, 'id' | 'kind' | 'dry_run' | 'created_at'>;

/**
 * Runs the import and keeps its report (docs/api.md#spreadsheet-imports: `GET /v1/imports/{id}`): an applied
 * import's in its own transaction (the report exists exactly when the writes do), any other after it.
 */
export async function runImport(ctx: ServiceContext, caller: Caller, request: ImportRequest): Promise<ImportReport> {
  const base = { id: randomUUID(), kind: request.kind, dry_run: request.dryRun, created_at: isoSeconds(ctx.clock.now()) };
  let kept = false;
  const keep = async (db: Executor, report: ImportReport) => {
    await insertImportReport(db, {
      id: report.id,
      account_id: caller.accountId,
      created_at: report.created_at,
      report: JSON.stringify(report),
    });
    kept = true;
  };
  const report = await checkAndApply(ctx, caller, request, base, keep);
  if (!kept) await keep(ctx.database.db, report);
  return report;
}

/** A past import's report, as it answered; 404 for an unknown id or another account's import. */
export async function importReport(ctx: ServiceContext, caller: Pick<Caller, 'accountId'>, id: string): Promise<ImportReport> {
  const report = UUID.test(id) ? await findImportReport(ctx.database.db, caller.accountId, id.toLowerCase()) : undefined;
  if (report === undefined) throw notFound('import');
  return JSON.parse(report) as ImportReport;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function checkAndApply(
  ctx: ServiceContext,
  caller: Caller,
  request: ImportRequest,
  base: ReportBase,
  keepApplied: (tx: Executor, report: ImportReport) => Promise<void>,
): Promise<ImportReport> {
  const report = new ReportBuilder();
  let sheet: Sheet;
  try {
    sheet = await readSheet(request.data, request.filename, request.limits);
  } catch (error) {
    if (!(error instanceof UnreadableSheet)) throw error;
    report.error(null, 'file', error.message);
    return report.build({ ...base, rows: 0 });
  }
  const rowCount = sheet.rows.length;
  const columns = checkHeader(sheet, request.kind, report);
  if (!columns) return report.build({ ...base, rows: rowCount });
  const rows = readRows(sheet, columns, report);
  if (rowCount === 0) report.error(null, 'file', 'has a header row but no data rows');
  try {
    await ctx.database.db.transaction().execute(async (tx) => {
      const step: ImportStep = {
        tx,
        accountId: caller.accountId,
        now: isoSeconds(ctx.clock.now()),
        report,
        rowDone: async (done) => {
          request.onProgress?.(done, rowCount);
          if (done % ROWS_PER_TURN === 0) await nextTurn();
        },
      };
      await IMPORTERS[request.kind](step, rows);
      if (request.dryRun || report.hasErrors()) throw new RollBack();
      await recordImport(tx, ctx, caller, request.kind, report.changes, rows);
      await keepApplied(tx, report.build({ ...base, rows: rowCount }));
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  const built = report.build({ ...base, rows: rowCount });
  // Ids of records a dry run created were rolled back with it: they name nothing.
  if (request.dryRun) {
    for (const change of built.changes) {
      if (change.action === 'created') change.id = null;
      // A line a dry run would add has no id yet (the one it had was rolled back).
      for (const line of change.lines ?? []) if (line.change === 'added') line.line_id = null;
    }
  }
  return built;
}
