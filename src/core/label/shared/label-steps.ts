// Every market builds its label in the same five steps (docs/markets.md), each a function of the
// market's own build.ts, run in this order by labelBuilder:
//   1. serving     the serving (portion, basis, reference amount) the label declares;
//   2. rows        the nutrient rows, rounded as the market rounds;
//   3. front       what the market says about the food beyond its table: claims, front-of-pack;
//   4. statements  the ingredient and allergen statements around the table, with their warnings;
//   5. finish      the label's parts in the market's words, its warnings in the order it says them.
// What they share is here: the start (notes, gaps), the completeness rules, and the label data's
// assembly in one order of members (clients, and the label data's hash, read it in that order).
import type { LabelRequest, LabelStart } from '../market.js';
import type { LabelInput } from './label-input.js';
import type { FrontOfPack, LabelModel, LabelNutrientRow, LabelWarning, MxFrontOfPackValue, UkFrontOfPackValue } from './model.js';
import { LabelGaps } from './warnings.js';

export type { LabelStart } from '../market.js';

export function startLabel(input: LabelInput, request: LabelRequest): LabelStart {
  const notes = new Set<string>(input.notes ?? []);
  if (input.empty_recipe) notes.add('recipe has no lines: every value is zero');
  return { input, request, settings: input.settings ?? {}, notes, gaps: new LabelGaps(input) };
}

/** What a market's finish step gives: the members every label has, then the market's own. */
export interface LabelParts {
  title: string;
  serving_size: LabelModel['serving_size'];
  servings_per_container: LabelModel['servings_per_container'];
  nutrients: LabelNutrientRow[];
  footnote: string;
  claims: string[];
  /** Statements the claims need (21 CFR 101.13(h)), after them. */
  disclosures?: string[];
  allergen_statement: string | null;
  ingredient_statement: string | null;
  /** The front-of-pack determination, after the statements. */
  front_of_pack?: FrontOfPack | MxFrontOfPackValue | UkFrontOfPackValue;
  warnings: LabelWarning[];
  /** The market's own members, after the common ones, in its order. */
  own?: Partial<LabelModel>;
}

export interface LabelSteps<Serving, Rows, Front, Statements> {
  serving(label: LabelStart): Serving;
  rows(label: LabelStart, serving: Serving): Rows;
  front(label: LabelStart, serving: Serving, rows: Rows): Front;
  statements(label: LabelStart, serving: Serving, rows: Rows): Statements;
  finish(label: LabelStart, serving: Serving, rows: Rows, front: Front, statements: Statements): LabelParts;
}

/** A market's build: its five steps, in order, and the label data assembled from what they give. */
export function labelBuilder<Serving, Rows, Front, Statements>(
  steps: LabelSteps<Serving, Rows, Front, Statements>,
): (label: LabelStart) => LabelModel {
  return (label) => {
    const serving = steps.serving(label);
    const rows = steps.rows(label, serving);
    const front = steps.front(label, serving, rows);
    const statements = steps.statements(label, serving, rows);
    return assembleLabel(label, steps.finish(label, serving, rows, front, statements));
  };
}

function assembleLabel(label: LabelStart, parts: LabelParts): LabelModel {
  const { request, input } = label;
  return {
    recipe_id: input.recipe_id,
    language: request.language,
    format: request.format,
    title: parts.title,
    serving_size: parts.serving_size,
    servings_per_container: parts.servings_per_container,
    nutrients: parts.nutrients,
    footnote: parts.footnote,
    claims: parts.claims,
    ...(parts.disclosures !== undefined ? { disclosures: parts.disclosures } : {}),
    allergen_statement: parts.allergen_statement,
    ingredient_statement: parts.ingredient_statement,
    ...(parts.front_of_pack !== undefined ? { front_of_pack: parts.front_of_pack } : {}),
    notes: [...label.notes],
    complete: isComplete(request, parts.warnings),
    warnings: parts.warnings,
    ...parts.own,
  };
}

/**
 * docs/api.md#completeness: what keeps a label from print. An unaccepted missing_nutrient or format_not_allowed
 * warning, in every market; and what the market's own rules add (a Canadian statement not in both
 * languages, a liquid declared per 100 g where the market wants 100 mL).
 */
export function blocksPrint(request: Pick<LabelRequest, 'market' | 'format'>, warning: LabelWarning): boolean {
  if (request.market.completeness?.blocks?.(warning, request.format)) return true;
  // docs/labeling.md#serving-size-rules: a serving the reference amount's rules do not give, until accepted.
  return (
    !warning.accepted &&
    (warning.code === 'missing_nutrient' || warning.code === 'format_not_allowed' || warning.code === 'serving_size_not_permitted')
  );
}

export function isComplete(request: Pick<LabelRequest, 'market' | 'format'>, warnings: readonly LabelWarning[]): boolean {
  return !warnings.some((w) => blocksPrint(request, w));
}

/** The warnings no approval may override (accept_incomplete included), and what the refusal says. */
export function unapprovable(
  request: Pick<LabelRequest, 'market' | 'format'>,
  warnings: readonly LabelWarning[],
): { warnings: LabelWarning[]; message: string } | null {
  const rule = request.market.completeness?.unapprovable;
  const found = rule ? warnings.filter((w) => rule.applies(w, request.format)) : [];
  return rule && found.length > 0 ? { warnings: found, message: rule.message } : null;
}
