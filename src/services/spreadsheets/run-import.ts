// POST /v1/imports and `recipal import` (docs/api.md#bulk-work): a spreadsheet checked and applied all or
// nothing in ONE transaction, with the API's own rules for every record. A dry run goes through the
// very same writes and rolls them back, so what it answers is what an apply would do.
import { must } from '../../lib/must.js';
import { channel } from 'node:diagnostics_channel';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { countingStatements } from '../../db/counted.js';
import { ingredientIdsOfCosts } from '../../db/repositories/ingredient-costs.js';
import { findImportReport, insertImportReport } from '../../db/repositories/spreadsheets.js';
import { notFound } from '../../errors.js';
import type { Executor } from '../../db/schema.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { type AuditedWrite, recordWrites } from '../history/index.js';
import { importApplySlot, writersFirst } from './apply-slot.js';
import { importCosts } from './import-costs.js';
import { type ImportPlan, type ImportStep, planIngredients } from './import-ingredients.js';
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
  /** Called as rows are checked (the CLI's progress bar); the checks go on when what it returns settles. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

/** The kinds whose rows are checked outside the write transaction (docs/api.md#import-transaction). */
const PLANNERS: Partial<Record<ImportKind, (step: ImportStep, rows: readonly ImportRow[]) => Promise<ImportPlan>>> = {
  ingredients: planIngredients,
};

/** The kinds checked and written inside it. */
const IN_TRANSACTION = {
  recipes: importRecipes,
  ingredient_costs: importCosts,
} satisfies Partial<Record<ImportKind, (step: ImportStep, rows: readonly ImportRow[]) => Promise<void>>>;

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

/**
 * Published as an import runs (docs/api.md#import-transaction): {event: 'turn', inTransaction} each
 * time the row checks give the event loop to other requests; {event: 'transaction', phase: 'begin'}
 * when its write transaction has begun, and {event: 'transaction', phase: 'end', statements, rows}
 * when it ends (`awaited`: the statements it awaited, each a turn another request may not use;
 * statements run at once on SQLite's connection are not counted); {event: 'changed', attempt}
 * when what the rows were checked against changed before the transaction, so they are checked again;
 * {event: 'slot', phase: 'waiting'} when, on SQLite, another import holds the process's import slot
 * and this one waits for it before asking for the writer (apply-slot.ts), and {event: 'slot',
 * phase: 'taken'} when it has it (it then begins its transaction between other requests' writes).
 */
export const importProgress = channel('recipal:spreadsheets:import');

export type ImportProgressEvent =
  | { event: 'turn'; kind: ImportKind; inTransaction: boolean; done: number }
  | { event: 'transaction'; kind: ImportKind; phase: 'begin' }
  | { event: 'transaction'; kind: ImportKind; phase: 'end'; awaited: number; rows: number }
  | { event: 'changed'; kind: ImportKind; attempt: number }
  | { event: 'slot'; kind: ImportKind; phase: 'waiting' | 'taken' };

const publish = (event: ImportProgressEvent) => {
  if (importProgress.hasSubscribers) importProgress.publish(event);
};

/**
 * Times the rows of a planned kind are checked outside the write transaction: each time, what they
 * were checked against changed before the transaction began. The last check is made inside it.
 */
const CHECKS_OUTSIDE = 3;

async function checkAndApply(
  ctx: ServiceContext,
  caller: Caller,
  request: ImportRequest,
  base: ReportBase,
  keepApplied: (tx: Executor, report: ImportReport) => Promise<void>,
): Promise<ImportReport> {
  const read = new ReportBuilder();
  let sheet: Sheet;
  try {
    sheet = await readSheet(request.data, request.filename, request.limits);
  } catch (error) {
    if (!(error instanceof UnreadableSheet)) throw error;
    read.error(null, 'file', error.message);
    return read.build({ ...base, rows: 0 });
  }
  const rowCount = sheet.rows.length;
  const columns = checkHeader(sheet, request.kind, read);
  if (!columns) return read.build({ ...base, rows: rowCount });
  const rows = readRows(sheet, columns, read);
  if (rowCount === 0) read.error(null, 'file', 'has a header row but no data rows');
  const kind = request.kind;
  const step = (db: Executor, report: ReportBuilder, inTransaction: boolean): ImportStep => ({
    db,
    sqlite: ctx.database.sqlite,
    accountId: caller.accountId,
    now: isoSeconds(ctx.clock.now()),
    report,
    rowDone: async (done) => {
      await request.onProgress?.(done, rowCount);
      if (done % ROWS_PER_TURN === 0) {
        publish({ event: 'turn', kind, inTransaction, done });
        await nextTurn();
      }
    },
  });
  /**
   * The import's writes and history, and its report kept, in its transaction `tx` (counted), begun
   * once the import holds the process's import slot on SQLite (apply-slot.ts).
   */
  const transaction = async (work: (tx: Executor) => Promise<'written' | 'changed'>) => {
    const slot = importApplySlot(ctx.database);
    if (!slot) return inTransaction(work);
    if (slot.busy) publish({ event: 'slot', kind, phase: 'waiting' });
    return slot.run(async () => {
      publish({ event: 'slot', kind, phase: 'taken' });
      await writersFirst(ctx.database);
      return inTransaction(work);
    });
  };
  const inTransaction = async (work: (tx: Executor) => Promise<'written' | 'changed'>) => {
    try {
      return await ctx.database.db.transaction().execute(async (raw) => {
        publish({ event: 'transaction', kind, phase: 'begin' });
        const { tx, statements } = countingStatements(raw);
        try {
          return await work(tx);
        } finally {
          publish({ event: 'transaction', kind, phase: 'end', awaited: statements(), rows: rowCount });
        }
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
      return 'rolled back' as const;
    }
  };
  const finish = async (tx: Executor, report: ReportBuilder) => {
    await recordImport(tx, ctx, caller, kind, report.changes, rows);
    await keepApplied(tx, report.build({ ...base, rows: rowCount }));
  };

  let report = read;
  const planner = PLANNERS[kind];
  // The kinds whose rows are checked outside the transaction: checked against the database as it is,
  // then written in one short transaction if what they read still holds (docs/api.md#import-transaction).
  if (planner) {
    for (let attempt = 1; attempt <= CHECKS_OUTSIDE; attempt++) {
      report = read.copy();
      const plan = await planner(step(ctx.database.db, report, false), rows);
      if (request.dryRun || report.hasErrors()) {
        if (!report.hasErrors()) plan.planned();
        return built(report, request, base, rowCount);
      }
      const outcome = await transaction(async (tx) => {
        if (!(await plan.stillHolds(tx))) return 'changed';
        await plan.write(tx);
        await finish(tx, report);
        return 'written';
      });
      if (outcome === 'written') return built(report, request, base, rowCount);
      publish({ event: 'changed', kind, attempt });
    }
    // Changed under every check: checked once more inside the transaction, where nothing changes.
    report = read.copy();
    await transaction(async (tx) => {
      const plan = await planner(step(tx, report, true), rows);
      if (report.hasErrors()) throw new RollBack();
      await plan.write(tx);
      await finish(tx, report);
      return 'written';
    });
    return built(report, request, base, rowCount);
  }

  // The other kinds are checked and written in the transaction, a dry run's writes rolled back.
  const importer = IN_TRANSACTION[kind as keyof typeof IN_TRANSACTION];
  await transaction(async (tx) => {
    await importer(step(tx, report, true), rows);
    if (request.dryRun || report.hasErrors()) throw new RollBack();
    await finish(tx, report);
    return 'written';
  });
  return built(report, request, base, rowCount);
}

function built(report: ReportBuilder, request: ImportRequest, base: ReportBase, rowCount: number): ImportReport {
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
