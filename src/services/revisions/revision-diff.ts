// Two revisions of a recipe compared (docs/api.md §9 "Comparing two revisions"): the trees their
// manifests name, and the changes between them, field by field, as a revision lists its own changes
// (the recipe's fields and settings, its lines, the ingredients and costs beneath it). The labels of
// the two trees are compared by the approvals feature, which knows labels.
import { revisionsByNumber } from '../../db/repositories/history/index.js';
import { findOwnRecipe } from '../../db/repositories/recipes.js';
import { invalidField, notFound } from '../../errors.js';
import { printedNumbers } from '../../lib/printed-number.js';
import type { Caller, ServiceContext } from '../context.js';
import { revisionJson, type RevisionJson } from './revisions.js';
import {
  changedKeys,
  changesOfParts,
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
  for (const [field, number] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!rows.has(number))
      throw invalidField(field, `recipe ${recipeId} has no revision ${number} (GET /v1/recipes/${recipeId}/revisions lists them)`);
  }
  const [fromRow, toRow] = [rows.get(from)!, rows.get(to)!];
  const fromSnapshot = await snapshotOfRevision(ctx, recipeId, fromRow.manifest);
  const toSnapshot = await snapshotOfRevision(ctx, recipeId, toRow.manifest);
  const keys = changedKeys(parseManifest(fromRow.manifest), parseManifest(toRow.manifest));
  const changes = changesOfParts(partsOf(fromSnapshot), partsOf(toSnapshot), keys, recipeId);
  return { from: revisionJson(fromRow), to: revisionJson(toRow), fromSnapshot, toSnapshot, changes: printedNumbers(changes) };
}
