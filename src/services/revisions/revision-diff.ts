// Two revisions of a recipe compared (docs/api.md#revision-diff, GET
// /v1/recipes/{id}/revisions/diff): the trees their manifests name, and the changes between them,
// field by field, as a revision lists its own changes (the recipe's fields and settings, its lines,
// the ingredients and costs beneath it); and the labels the two trees give (the rows and statements
// as each revision prints them, built by the same engine and rules as the present label, in one
// language and format).
import { must } from '../../lib/must.js';
import type { LabelModel } from '../../core/label/shared/model.js';
import { RecipeEvaluator } from '../../core/recipe/engine.js';
import { revisionsByNumber } from '../../db/repositories/history/index.js';
import { findOwnRecipe } from '../../db/repositories/recipes.js';
import { invalidField, notFound } from '../../errors.js';
import { printedNumbers } from '../../lib/printed-number.js';
import type { Caller, ServiceContext } from '../context.js';
import { canonicalJson, chooseLabelOptions, labelChanges, labelFor, type PrintedRow } from '../labels/index.js';
import { labelInputOf } from '../recipes/index.js';
import { revisionJson, type RevisionJson } from './revisions.js';
import {
  changedKeys,
  changesOfParts,
  graphOf,
  parseManifest,
  partsOf,
  type RecipeSnapshot,
  type RevisionChange,
  snapshotOfRevision,
} from '../history/index.js';

export interface RevisionPair {
  from: RevisionJson;
  to: RevisionJson;
  fromSnapshot: RecipeSnapshot;
  toSnapshot: RecipeSnapshot;
  /** What differs from `from` to `to` (empty when they are the same state, or the same revision). */
  changes: RevisionChange[];
}

/** Revisions `from` and `to` of the caller's recipe (404 when not the caller's; 422 naming from/to for a number it never had). */
export async function compareRevisions(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  from: number,
  to: number,
): Promise<RevisionPair> {
  if (!(await findOwnRecipe(ctx.database.db, recipeId, caller.accountId))) throw notFound('recipe');
  const rows = await revisionsByNumber(ctx.database.db, caller.accountId, recipeId, [from, to]);
  const rowOf = (field: 'from' | 'to', number: number) => {
    const row = rows.get(number);
    if (!row) throw invalidField(field, `recipe ${recipeId} has no revision ${number} (GET /v1/recipes/${recipeId}/revisions lists them)`);
    return row;
  };
  const [fromRow, toRow] = [rowOf('from', from), rowOf('to', to)];
  const fromSnapshot = await snapshotOfRevision(ctx, recipeId, fromRow.manifest);
  const toSnapshot = await snapshotOfRevision(ctx, recipeId, toRow.manifest);
  const keys = changedKeys(parseManifest(fromRow.manifest), parseManifest(toRow.manifest));
  const changes = changesOfParts(partsOf(fromSnapshot), partsOf(toSnapshot), keys, recipeId);
  return { from: revisionJson(fromRow), to: revisionJson(toRow), fromSnapshot, toSnapshot, changes: printedNumbers(changes) };
}

export interface RevisionDiff {
  recipe_id: number;
  from: Omit<RevisionJson, 'changes'>;
  to: Omit<RevisionJson, 'changes'>;
  changes: RevisionChange[];
  label: {
    language: string;
    format: string;
    changed: boolean;
    rows: Array<{ key: string; from: PrintedRow; to: PrintedRow }>;
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
  return diffOfRevisionPair(recipeId, await compareRevisions(ctx, caller, recipeId, query.from, query.to), query);
}

/** The diff of two revisions already compared (the label studio compares the labels of several markets from one pair). */
export function diffOfRevisionPair(recipeId: number, pair: RevisionPair, query: { language?: string; format?: string }): RevisionDiff {
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
