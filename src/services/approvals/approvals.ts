// Approved labels (docs/api.md#history): a label frozen with the revision it was built from, the hash of
// its canonical data, the rules version, and its SVG, PNG and PDF as drawn at approval; the front-of-pack
// drawing its market freezes with it (FrontOfPackScheme.freeze: a Canadian label that needs the "High in"
// symbol, FDR B.01.350) is frozen beside it. Reads return those stored bytes: the same on every request,
// after a restart, and after an upgrade.
import type { LabelFileFormat } from '../labels/index.js';
import { canonicalJson, chooseLabelOptions, labelChanges, labelFor, type PrintedRow, recipeLabel, sha256Hex } from '../labels/index.js';
import type { FrontOfPackDrawing } from '../../core/label/market.js';
import { formatOf, labelMarkets, labelRequest, type LabelRequest } from '../../core/label/markets.js';
import { blocksPrint, unapprovable } from '../../core/label/shared/label-steps.js';
import type { LabelModel, LabelWarning } from '../../core/label/shared/model.js';
import { RecipeEvaluator } from '../../core/recipe/engine.js';
import {
  findOwnApproval,
  findOwnApprovalFile,
  findOwnApprovalSymbolFile,
  insertApproval,
  insertApprovalSymbol,
  listApprovals,
  type ApprovalRow,
} from '../../db/repositories/history/index.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { labelInputOf } from '../recipes/index.js';
import { graphOf, recordAudit, recordRevision } from '../history/index.js';
import { listRecipeRevisions, type RevisionJson } from '../revisions/index.js';
import { RULES_VERSION } from './rules-version.js';

export interface ApprovalInput {
  language?: string;
  format?: string;
  note?: string | null;
  accept_incomplete?: boolean;
}

export interface ApprovalJson {
  id: number;
  recipe_id: number;
  revision: number;
  language: string;
  format: string;
  approved_at: string;
  approved_by: string | null;
  note: string | null;
  sha256: string;
  rules_version: string;
  label: LabelModel;
}

/** Draws one file of a label (the route's renderer: SVG inline, PNG and PDF in the pool). */
export type DrawLabel = (label: LabelModel, format: LabelFileFormat) => Promise<Buffer>;

/** Draws one file of a front-of-pack drawing, likewise. */
export type DrawSymbol = (symbol: FrontOfPackDrawing, format: LabelFileFormat) => Promise<Buffer>;

export const approvalJson = (row: ApprovalRow): ApprovalJson => ({
  id: row.id,
  recipe_id: row.recipe_id,
  revision: row.revision,
  language: row.language,
  format: row.format,
  approved_at: row.approved_at,
  approved_by: row.approved_by,
  note: row.note,
  sha256: row.sha256,
  rules_version: row.rules_version,
  label: JSON.parse(row.label) as LabelModel,
});

/** What stands between a label and its approval. */
export interface ApprovalBlockers {
  /**
   * What the label's market never lets an approval override, accept_incomplete included (Canada: both
   * languages or no label, FDR B.01.012(2): never English words in a French statement), and what the
   * refusal says; null when nothing does.
   */
  never: { warnings: LabelWarning[]; message: string } | null;
  /** The warnings that keep it incomplete: approved only with accept_incomplete. */
  incomplete: LabelWarning[];
}

export function approvalBlockers(
  label: LabelModel,
  request: Pick<LabelRequest, 'market' | 'format'> = requestOfLabel(label),
): ApprovalBlockers {
  return {
    never: unapprovable(request, label.warnings),
    incomplete: label.complete ? [] : label.warnings.filter((w) => blocksPrint(request, w)),
  };
}

/** The market and format a built label was made for. */
function requestOfLabel(label: LabelModel): LabelRequest {
  const request = labelRequest(label.language, label.format);
  if (!request.ok) throw new RangeError(`no market prints ${label.language} labels in ${label.format}`);
  return request.request;
}

export async function approveLabel(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  input: ApprovalInput,
  draw: DrawLabel,
  drawSymbol: DrawSymbol,
): Promise<ApprovalJson> {
  const now = isoSeconds(ctx.clock.now());
  // The label is built from the very tree its revision records (the history lock is held meanwhile).
  const { revision, request, label } = await ctx.database.db.transaction().execute(async (tx) => {
    const current = await recordRevision(tx, caller, recipeId, now);
    const result = current && new RecipeEvaluator(graphOf(current.snapshot)).recipe(recipeId);
    if (!current || !result) throw notFound('recipe');
    const recipe = labelInputOf(result);
    const request = chooseLabelOptions(recipe.label_settings, input);
    return { revision: current.number, request, label: labelFor(recipe, request, new Date(now)) };
  });
  const { never, incomplete } = approvalBlockers(label, request);
  if (never) throw validationFailed({ label: never.warnings.map((w) => `${w.code}: ${w.message}`) }, never.message);
  if (!label.complete && input.accept_incomplete !== true) {
    throw validationFailed(
      { label: incomplete.map((w) => `${w.code}: ${w.message}`) },
      'The label is not complete; approve it anyway with accept_incomplete=true, or fill the gaps (docs/api.md#trust-and-completeness).',
    );
  }
  // Drawn outside the transaction (PNG and PDF take the pool's time, not the database's).
  const [svg, png, pdf] = await Promise.all([draw(label, 'svg'), draw(label, 'png'), draw(label, 'pdf')]);
  // The market's front-of-pack drawing after the label: an approval holds no more render slots at once than it did (two).
  const frozen = request.market.frontOfPack?.freeze?.(label) ?? null;
  const symbol = frozen?.drawing ?? null;
  const symbolFiles = symbol && (await Promise.all([drawSymbol(symbol, 'svg'), drawSymbol(symbol, 'png'), drawSymbol(symbol, 'pdf')]));
  const canonical = canonicalJson(label);
  const row = await ctx.database.db.transaction().execute(async (tx) => {
    const inserted = await insertApproval(tx, {
      account_id: caller.accountId,
      recipe_id: recipeId,
      revision,
      language: label.language,
      format: label.format,
      approved_at: now,
      approved_by: caller.keyPrefix ?? null,
      note: input.note ?? null,
      sha256: sha256Hex(canonical),
      label: canonical,
      rules_version: RULES_VERSION,
      svg,
      png,
      pdf,
    });
    if (frozen && symbolFiles) {
      const [svg, png, pdf] = symbolFiles;
      await insertApprovalSymbol(tx, {
        approval_id: inserted.id,
        account_id: caller.accountId,
        language: frozen.language,
        orientation: frozen.orientation,
        svg,
        png,
        pdf,
      });
    }
    await recordAudit(
      tx,
      caller,
      { action: 'approve', resource: 'label_approval', resourceId: inserted.id, fields: Object.keys(input) },
      now,
    );
    return inserted;
  });
  return approvalJson(row);
}

export async function getApproval(ctx: ServiceContext, caller: Caller, id: number): Promise<ApprovalJson> {
  const row = await findOwnApproval(ctx.database.db, caller.accountId, id);
  if (!row) throw notFound('label approval');
  return approvalJson(row);
}

/** The bytes drawn at approval, and whether that label was complete (X-Label-Complete). */
export async function approvalFile(ctx: ServiceContext, caller: Caller, id: number, format: LabelFileFormat) {
  const row = await findOwnApprovalFile(ctx.database.db, caller.accountId, id, format);
  if (!row) throw notFound('label approval');
  const label = JSON.parse(row.label) as LabelModel;
  return { bytes: row.bytes, complete: label.complete, name: `recipe-${row.recipe_id}-approval-${id}` };
}

/**
 * The front-of-pack drawing frozen with the approval, byte for byte (404 when the approval is not the
 * caller's); 422 when the approved label had none to freeze: its market freezes none, or the label
 * needed none (what its frozen front_of_pack says), or it was approved before drawings were frozen.
 */
export async function approvalSymbolFile(ctx: ServiceContext, caller: Caller, id: number, format: LabelFileFormat) {
  const row = await findOwnApprovalSymbolFile(ctx.database.db, caller.accountId, id, format);
  if (!row) throw notFound('label approval');
  const label = JSON.parse(row.label) as LabelModel;
  if (row.bytes === null) {
    const scheme = formatOf(label.format)?.market.frontOfPack;
    const message = scheme?.freeze && scheme.notFrozen ? scheme.notFrozen(label) : noneFrozenMessage(label);
    throw validationFailed({ front_of_pack: ['the approved label has no symbol'] }, message);
  }
  return { bytes: row.bytes, complete: label.complete, name: `recipe-${row.recipe_id}-approval-${id}` };
}

/** Why a label of a market that freezes no front-of-pack drawing has none. */
function noneFrozenMessage(label: LabelModel): string {
  const freezing = labelMarkets()
    .filter((m) => m.frontOfPack?.freeze)
    .map((m) => `${m.name} (${m.formats.map((f) => f.key).join(', ')})`);
  return `This approved label is a ${label.format} label: approvals freeze a front-of-pack drawing only with the labels of ${freezing.join(' or ')} (docs/api.md#approved-front-of-pack).`;
}

export async function listLabelApprovals(ctx: ServiceContext, caller: Caller, recipeId: number, slice: { offset: number; limit: number }) {
  // The recipe must be the caller's; its revisions say so without reading the recipe.
  await listRecipeRevisions(ctx, caller, recipeId, { offset: 0, limit: 1 });
  const { items, total } = await listApprovals(ctx.database.db, caller.accountId, recipeId, slice);
  return { items: items.map(approvalJson), total };
}

export const approvalsArePermanent = () =>
  new AppError(
    405,
    'MethodNotAllowed',
    'Label approvals are permanent: they cannot be changed or deleted (docs/api.md#history).',
    undefined,
    {
      Allow: 'GET',
    },
  );

export interface DiffRow {
  key: string;
  approved: PrintedRow;
  current: PrintedRow;
}

export interface LabelDiff {
  changed: boolean;
  rows: DiffRow[];
  statements: Record<string, { approved: unknown; current: unknown }>;
  causes: RevisionJson[];
}

/** The approved label against the label the recipe gives now, in the approval's language and format. */
export async function approvalDiff(ctx: ServiceContext, caller: Caller, id: number): Promise<LabelDiff> {
  const approval = await getApproval(ctx, caller, id);
  const { label: current } = await recipeLabel(ctx, caller, approval.recipe_id, { language: approval.language, format: approval.format });
  const changed = labelChanges(approval.label, current);
  const rows: DiffRow[] = changed.rows.map((r) => ({ key: r.key, approved: r.before, current: r.after }));
  const statements: LabelDiff['statements'] = Object.fromEntries(
    Object.entries(changed.statements).map(([key, s]) => [key, { approved: s.before, current: s.after }]),
  );
  const { items: causes } = await listRecipeRevisions(ctx, caller, approval.recipe_id, {
    offset: 0,
    limit: 1000,
    after: approval.revision,
  });
  return { changed: sha256Hex(canonicalJson(current)) !== approval.sha256, rows, statements, causes };
}
