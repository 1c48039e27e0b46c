// The label studio's labels of a recipe (docs/studio.md "Labels"): the recipe loaded and evaluated once,
// its label built in every studio market by the same services as GET /v1/recipes/{id}/label, each
// with what stands between it and an approval and the newest approval in its language and format.
import type { FrontOfPack, LabelModel, MxFrontOfPackValue, UkFrontOfPackValue } from '../../core/label/shared/model.js';
import { notFound } from '../../errors.js';
import { approvalBlockers, listLabelApprovals, type ApprovalBlockers, type ApprovalJson } from '../approvals/index.js';
import type { Caller, ServiceContext } from '../context.js';
import { canonicalJson, chooseLabelOptions, labelFor, notRequiredMessage, sha256Hex } from '../labels/index.js';
import { loadRecipeForLabel, type RecipeForLabel } from '../recipes/index.js';
import { STUDIO_MARKETS, studioMarket, type FrontOfPackKind, type StudioMarket } from './markets.js';

/** An approval as the studio lists it: its frozen label is summarised, not carried. */
export interface ApprovalSummary {
  id: number;
  revision: number;
  language: string;
  format: string;
  approved_at: string;
  approved_by: string | null;
  note: string | null;
  sha256: string;
  complete: boolean;
  /** A Canadian approval froze the "High in" symbol with it (docs/api.md §9). */
  frozen_symbol: boolean;
}

export const approvalSummary = (a: ApprovalJson): ApprovalSummary => ({
  id: a.id,
  revision: a.revision,
  language: a.language,
  format: a.format,
  approved_at: a.approved_at,
  approved_by: a.approved_by,
  note: a.note,
  sha256: a.sha256,
  complete: a.label.complete,
  frozen_symbol: highInRequired(a.label.front_of_pack),
});

type AnyFrontOfPack = FrontOfPack | MxFrontOfPackValue | UkFrontOfPackValue;

function highInRequired(fop: AnyFrontOfPack | undefined): boolean {
  return fop !== undefined && 'high_in' in fop && fop.required;
}

/** Whether the market's front-of-pack drawing exists for this label, or why not (the 422 message of its route). */
export function frontOfPackOf(
  market: StudioMarket,
  label: LabelModel,
): { kind: FrontOfPackKind; drawn: boolean; note: string | null } | null {
  const fop = label.front_of_pack;
  if (!market.frontOfPack) return null;
  const kind = market.frontOfPack.kind;
  if (!fop) return { kind, drawn: false, note: 'No panel: the recipe has no portion weight (set its yield and servings).' };
  if ('scheme' in fop) return { kind, drawn: true, note: null };
  if ('seals' in fop) {
    const drawn = fop.seals.length > 0 || fop.legends.length > 0;
    const undecided = fop.undetermined.length > 0 ? ` Undecided: ${fop.undetermined.join(', ')} (unknown values).` : '';
    return { kind, drawn, note: drawn ? null : `No warning octagon applies (NOM-051 4.5.3, phase ${fop.phase}).${undecided}` };
  }
  return { kind, drawn: fop.required, note: fop.required ? null : notRequiredMessage(fop) };
}

export interface MarketLabel {
  market: StudioMarket;
  label: LabelModel;
  /** The hex SHA-256 of the label's canonical data, as an approval of it would record (docs/api.md §9). */
  sha256: string;
  blockers: ApprovalBlockers;
  frontOfPack: ReturnType<typeof frontOfPackOf>;
  /** The newest approval in this label's language and format, and whether the label has changed since. */
  approval: (ApprovalSummary & { changed: boolean }) | null;
}

export interface RecipeLabels {
  recipe: { id: number; name: string };
  markets: MarketLabel[];
  /** The recipe's approvals, newest first (one page). */
  approvals: { items: ApprovalSummary[]; total: number };
}

function marketLabel(recipe: RecipeForLabel, market: StudioMarket, at: Date): Omit<MarketLabel, 'approval'> {
  const label = labelFor(recipe, chooseLabelOptions(recipe.label_settings, market.query), at);
  return {
    market,
    label,
    sha256: sha256Hex(canonicalJson(label)),
    blockers: approvalBlockers(label),
    frontOfPack: frontOfPackOf(market, label),
  };
}

/** Every studio market's label of the caller's recipe (404 when it is not the caller's). */
export async function studioLabels(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  approvalsPage: { offset: number; limit: number },
): Promise<RecipeLabels> {
  const recipe = await loadRecipeForLabel(ctx, caller, recipeId);
  const at = ctx.clock.now();
  const { items, total } = await listLabelApprovals(ctx, caller, recipeId, approvalsPage);
  const approvals = items.map(approvalSummary);
  // Each market's newest approval is among the newest page, whichever page the list shows.
  const newestPage =
    approvalsPage.offset === 0
      ? approvals
      : (await listLabelApprovals(ctx, caller, recipeId, { offset: 0, limit: approvalsPage.limit })).items.map(approvalSummary);
  const markets = STUDIO_MARKETS.map((market) => {
    const built = marketLabel(recipe, market, at);
    const newest = newestPage.find((a) => a.language === built.label.language && a.format === built.label.format);
    return { ...built, approval: newest ? { ...newest, changed: newest.sha256 !== built.sha256 } : null };
  });
  return { recipe: { id: recipe.recipe_id, name: recipe.name }, markets, approvals: { items: approvals, total } };
}

/** One market's label of the caller's recipe (404 for another account's recipe or an unknown market). */
export async function studioMarketLabel(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  marketKey: string,
): Promise<{ name: string; built: Omit<MarketLabel, 'approval'> }> {
  const market = studioMarket(marketKey);
  if (!market) throw notFound('label');
  const recipe = await loadRecipeForLabel(ctx, caller, recipeId);
  return { name: recipe.name, built: marketLabel(recipe, market, ctx.clock.now()) };
}
