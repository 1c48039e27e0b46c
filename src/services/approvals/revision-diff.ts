// GET /v1/recipes/{id}/revisions/diff (docs/api.md §9 "Comparing two revisions"): what changed between
// any two revisions of a recipe, in its data (history's changes: fields, settings, lines, the
// ingredients and costs beneath it) and on its label (the rows and statements as each revision prints
// them, built by the same engine and rules as the present label, in one language and format).
import { must } from '../../lib/must.js';
import type { LabelModel } from '../../core/label/shared/model.js';
import { RecipeEvaluator } from '../../core/recipe/engine.js';
import { compareRevisions, graphOf, type RecipeSnapshot, type RevisionChange, type RevisionJson } from '../history/index.js';
import { chooseLabelOptions, labelFor } from '../labels/index.js';
import type { Caller, ServiceContext } from '../context.js';
import { labelInputOf } from '../recipes/index.js';
import { canonicalJson } from './canonical.js';
import { labelChanges } from './approvals.js';

type Printed = { display: string; percent_dv_display: string | null } | null;

export interface RevisionDiff {
  recipe_id: number;
  from: Omit<RevisionJson, 'changes'>;
  to: Omit<RevisionJson, 'changes'>;
  changes: RevisionChange[];
  label: {
    language: string;
    format: string;
    changed: boolean;
    rows: Array<{ key: string; from: Printed; to: Printed }>;
    statements: Record<string, { from: unknown; to: unknown }>;
  };
}

/**
 * The label a snapshot gives; both labels of a diff in one language and format (the query's, else the
 * `to` revision's settings) and as of one date (the `to` revision's: rules that depend on the date, such
 * as Mexico's phases, then differ only by what the revisions changed).
 */
function labelOf(recipeId: number, snapshot: RecipeSnapshot, choice: ReturnType<typeof chooseLabelOptions>, at: Date): LabelModel {
  const result = must(new RecipeEvaluator(graphOf(snapshot)).recipe(recipeId), 'the recipe of its own revision snapshot');
  return labelFor(labelInputOf(result), choice, at);
}

const meta = ({ changes: _changes, ...rest }: RevisionJson) => rest;

export async function revisionDiff(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  query: { from: number; to: number; language?: string; format?: string },
): Promise<RevisionDiff> {
  const pair = await compareRevisions(ctx, caller, recipeId, query.from, query.to);
  const settings = must(
    pair.toSnapshot.recipes.find((r) => r.id === recipeId),
    'the recipe of its own revision snapshot',
  ).label_settings;
  const choice = chooseLabelOptions(settings, { language: query.language, format: query.format });
  const at = new Date(pair.to.created_at);
  const before = labelOf(recipeId, pair.fromSnapshot, choice, at);
  const after = labelOf(recipeId, pair.toSnapshot, choice, at);
  const changed = labelChanges(before, after);
  return {
    recipe_id: recipeId,
    from: meta(pair.from),
    to: meta(pair.to),
    changes: pair.changes,
    label: {
      language: after.language,
      format: after.format,
      changed: canonicalJson(before) !== canonicalJson(after),
      rows: changed.rows.map((r) => ({ key: r.key, from: r.before, to: r.after })),
      statements: Object.fromEntries(Object.entries(changed.statements).map(([key, s]) => [key, { from: s.before, to: s.after }])),
    },
  };
}
