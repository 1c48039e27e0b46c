// The label studio's labels of a recipe (docs/studio.md "Labels"): the recipe loaded and evaluated once,
// its label built in every studio market by the same services as GET /v1/recipes/{id}/label and drawn
// as GET /v1/recipes/{id}/label.svg draws it (from the file cache when that very label was drawn
// before), with its front-of-pack drawing, what stands between it and an approval, and the newest
// approval in its language and format.
import { schemeOfSymbolLanguage } from '../../core/label/markets.js';
import type { FrontOfPack, LabelModel, MxFrontOfPackValue, UkFrontOfPackValue } from '../../core/label/shared/model.js';
import { AppError, notFound } from '../../errors.js';
import { renderFrontOfPackSvg } from '../../render/svg/front-of-pack.js';
import { renderLabelSvg } from '../../render/svg/index.js';
import { approvalBlockers, listLabelApprovals, type ApprovalBlockers, type ApprovalJson } from '../approvals/index.js';
import type { Caller, ServiceContext } from '../context.js';
import { canonicalJson, chooseLabelOptions, frontOfPackOfRecipe, labelFor, sha256Hex, symbolOf } from '../labels/index.js';
import { loadRecipeForLabel, type RecipeForLabel } from '../recipes/index.js';
import type { LabelFileCache } from './file-cache.js';
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
  /** A Canadian approval froze the "High in" symbol with it (docs/api.md#approved-front-of-pack). */
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

/** A market's front-of-pack drawing beside its label (the same SVG as GET /v1/recipes/{id}/front_of_pack.svg), or why there is none. */
export interface MarketFrontOfPack {
  kind: FrontOfPackKind;
  svg: Buffer | null;
  complete: boolean;
  /** Why nothing is drawn (the 422 message of the API's front_of_pack.svg). */
  note: string | null;
}

export interface MarketLabel {
  market: StudioMarket;
  label: LabelModel;
  /** The hex SHA-256 of the label's canonical data, as an approval of it would record (docs/api.md#label-approvals). */
  sha256: string;
  /** The label drawn, byte for byte as GET /v1/recipes/{id}/label.svg draws it. */
  svg: Buffer;
  blockers: ApprovalBlockers;
  frontOfPack: MarketFrontOfPack | null;
  /** The newest approval in this label's language and format, and whether the label has changed since. */
  approval: (ApprovalSummary & { changed: boolean }) | null;
}

export interface RecipeLabels {
  recipe: { id: number; name: string };
  markets: MarketLabel[];
  /** The recipe's approvals, newest first (one page). */
  approvals: { items: ApprovalSummary[]; total: number };
}

/** A file drawn once per distinct content: the key is the hash of what it is drawn from (file-cache.ts). */
const drawnSvg = (files: LabelFileCache, key: string, draw: () => string) => files.getOrDraw(key, async () => Buffer.from(draw(), 'utf8'));

async function frontOfPackOf(
  files: LabelFileCache,
  recipe: RecipeForLabel,
  market: StudioMarket,
  label: LabelModel,
  at: Date,
): Promise<MarketFrontOfPack | null> {
  if (!market.frontOfPack) return null;
  const { kind, language } = market.frontOfPack;
  const scheme = schemeOfSymbolLanguage(language);
  if (!scheme) throw new RangeError(`no front-of-pack scheme draws language ${language}`);
  try {
    const choice = { scheme, language, orientation: scheme.orientations?.[0] ?? 'horizontal' };
    const symbol = symbolOf(frontOfPackOfRecipe(recipe, choice, at, label), choice);
    const svg = await drawnSvg(files, `symbol:${sha256Hex(canonicalJson(symbol.drawing))}:svg`, () => renderFrontOfPackSvg(symbol.drawing));
    return { kind, svg, complete: symbol.complete, note: null };
  } catch (error) {
    // No symbol required, none decidable yet, or no portion to show one for: said, not drawn.
    if (!(error instanceof AppError) || error.status !== 422) throw error;
    return { kind, svg: null, complete: label.complete, note: error.message };
  }
}

async function marketLabel(
  files: LabelFileCache,
  recipe: RecipeForLabel,
  market: StudioMarket,
  at: Date,
): Promise<Omit<MarketLabel, 'approval'>> {
  const label = labelFor(recipe, chooseLabelOptions(recipe.label_settings, market.query), at);
  const sha256 = sha256Hex(canonicalJson(label));
  return {
    market,
    label,
    sha256,
    svg: await drawnSvg(files, `label:${sha256}:svg`, () => renderLabelSvg(label)),
    blockers: approvalBlockers(label),
    frontOfPack: await frontOfPackOf(files, recipe, market, label, at),
  };
}

/** Every studio market's label of the caller's recipe (404 when it is not the caller's). */
export async function studioLabels(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  approvalsPage: { offset: number; limit: number },
  files: LabelFileCache,
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
  const markets: MarketLabel[] = [];
  for (const market of STUDIO_MARKETS) {
    const built = await marketLabel(files, recipe, market, at);
    const newest = newestPage.find((a) => a.language === built.label.language && a.format === built.label.format);
    markets.push({ ...built, approval: newest ? { ...newest, changed: newest.sha256 !== built.sha256 } : null });
  }
  return { recipe: { id: recipe.recipe_id, name: recipe.name }, markets, approvals: { items: approvals, total } };
}

/** One market's label of the caller's recipe (404 for another account's recipe or an unknown market), and its hash. */
export async function studioMarketLabel(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  marketKey: string,
): Promise<{ name: string; label: LabelModel; sha256: string }> {
  const market = studioMarket(marketKey);
  if (!market) throw notFound('label');
  const recipe = await loadRecipeForLabel(ctx, caller, recipeId);
  const label = labelFor(recipe, chooseLabelOptions(recipe.label_settings, market.query), ctx.clock.now());
  return { name: recipe.name, label, sha256: sha256Hex(canonicalJson(label)) };
}
