// Approved labels (docs/api.md#history): a label frozen with the revision it was built from, the hash of
// its canonical data, the rules version, and its SVG, PNG and PDF as drawn at approval; a Canadian
// label that needs the "High in" symbol (FDR B.01.350) freezes the symbol's files with it. Reads return
// those stored bytes: the same on every request, after a restart, and after an upgrade.
import type { LabelFileFormat } from '../labels/index.js';
import {
  canonicalJson,
  chooseLabelOptions,
  labelChanges,
  labelFor,
  notRequiredMessage,
  type PrintedRow,
  recipeLabel,
  sha256Hex,
} from '../labels/index.js';
import type { FrontOfPackDrawing } from '../../render/svg/front-of-pack.js';
import type { FrontOfPack, LabelModel, LabelWarning } from '../../core/label/shared/model.js';
import { blocksPrint, needsTranslation } from '../../core/label/shared/warnings.js';
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

/** Draws one file of a "High in" symbol, likewise. */
export type DrawSymbol = (symbol: FrontOfPackDrawing, format: LabelFileFormat) => Promise<Buffer>;

/**
 * The symbol an approval freezes: a Canadian label's, when it needs one (FDR B.01.350(1)), drawn as
 * GET /v1/recipes/{id}/front_of_pack.svg draws it by default (bilingual, horizontal), with the band
 * of an incomplete label when the approval accepted one.
 */
function symbolToFreeze(label: LabelModel): FrontOfPackDrawing | null {
  const fop = canadianSymbol(label);
  if (!fop?.required) return null;
  return { high_in: fop.high_in, language: 'bilingual', orientation: 'horizontal', incomplete: !label.complete };
}

/** A Canadian label's "High in" symbol (a Mexican label's front_of_pack holds its octagons instead). */
function canadianSymbol(label: LabelModel): FrontOfPack | undefined {
  const fop = label.front_of_pack;
  return fop && 'high_in' in fop ? fop : undefined;
}

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

/**
 * The warnings that make a label incomplete (docs/api.md#trust-and-completeness; on ANZ and Mexican labels also
 * missing_density, docs/api.md#market-anz, docs/api.md#market-mexico: a liquid declared per 100 g is not the panel those markets require).
 */
const blocking = (label: LabelModel) =>
  label.warnings.filter(
    (w) =>
      blocksPrint(w, label.format) ||
      (!w.accepted && w.code === 'missing_density' && (label.format === 'anz_nip' || label.format === 'mx_table')),
  );

/** What stands between a label and its approval. */
export interface ApprovalBlockers {
  /** English names in a Canadian label's French statement: no approval at all until they are translated (FDR B.01.012(2)). */
  untranslated: LabelWarning[];
  /** The warnings that keep it incomplete: approved only with accept_incomplete. */
  incomplete: LabelWarning[];
}

export function approvalBlockers(label: LabelModel): ApprovalBlockers {
  return {
    untranslated: label.warnings.filter((w) => needsTranslation(w, label.format)),
    incomplete: label.complete ? [] : blocking(label),
  };
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
  const { revision, label } = await ctx.database.db.transaction().execute(async (tx) => {
    const current = await recordRevision(tx, caller, recipeId, now);
    const result = current && new RecipeEvaluator(graphOf(current.snapshot)).recipe(recipeId);
    if (!current || !result) throw notFound('recipe');
    const recipe = labelInputOf(result);
    return { revision: current.number, label: labelFor(recipe, chooseLabelOptions(recipe.label_settings, input), new Date(now)) };
  });
  // Both languages or no label (FDR B.01.012(2)): accept_incomplete never approves English words in a French statement.
  const { untranslated, incomplete } = approvalBlockers(label);
  if (untranslated.length > 0) {
    throw validationFailed(
      { label: untranslated.map((w) => `${w.code}: ${w.message}`) },
      'The French statement falls back to English: set the French names (name_fr) or a custom ingredient_list_fr before approving (docs/api.md#trust-and-completeness).',
    );
  }
  if (!label.complete && input.accept_incomplete !== true) {
    throw validationFailed(
      { label: incomplete.map((w) => `${w.code}: ${w.message}`) },
      'The label is not complete; approve it anyway with accept_incomplete=true, or fill the gaps (docs/api.md#trust-and-completeness).',
    );
  }
  // Drawn outside the transaction (PNG and PDF take the pool's time, not the database's).
  const [svg, png, pdf] = await Promise.all([draw(label, 'svg'), draw(label, 'png'), draw(label, 'pdf')]);
  // The symbol after the label: an approval holds no more render slots at once than it did (two).
  const symbol = symbolToFreeze(label);
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
    if (symbol && symbolFiles) {
      const [svg, png, pdf] = symbolFiles;
      await insertApprovalSymbol(tx, {
        approval_id: inserted.id,
        account_id: caller.accountId,
        language: symbol.language,
        orientation: symbol.orientation,
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
 * The "High in" symbol frozen with the approval, byte for byte (404 when the approval is not the
 * caller's); 422 when the approved label needed none: not a Canadian label, or under every threshold
 * or exempt (what its frozen front_of_pack says), or approved before symbols were frozen.
 */
export async function approvalSymbolFile(ctx: ServiceContext, caller: Caller, id: number, format: LabelFileFormat) {
  const row = await findOwnApprovalSymbolFile(ctx.database.db, caller.accountId, id, format);
  if (!row) throw notFound('label approval');
  const label = JSON.parse(row.label) as LabelModel;
  if (row.bytes === null) {
    const fop = canadianSymbol(label);
    const message = !fop
      ? `This approved label is a ${label.format} label: the front-of-package nutrition symbol (FDR B.01.350) is Canadian, and is frozen only with a ca_standard or ca_bilingual approval.`
      : !fop.required
        ? `The approved label needed no symbol. ${notRequiredMessage(fop)}`
        : 'This label was approved before approvals froze the symbol: approve the label again to freeze one (docs/api.md#history).';
    throw validationFailed({ front_of_pack: ['the approved label has no symbol'] }, message);
  }
  return { bytes: row.bytes, complete: label.complete, name: `recipe-${row.recipe_id}-approval-${id}` };
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
