// GET /v1/recipes/{id}/revisions (docs/api.md#history): newest first, with what changed, when and by which key.
import { findOwnRecipe } from '../../db/repositories/recipes.js';
import { listRevisions, type RevisionRow } from '../../db/repositories/history/index.js';
import { notFound } from '../../errors.js';
import { printedNumbers } from '../../lib/printed-number.js';
import type { Caller, ServiceContext } from '../context.js';
import type { RevisionChange } from '../history/index.js';

export interface RevisionJson {
  number: number;
  created_at: string;
  changed_by: string | null;
  request_id: string | null;
  changes: RevisionChange[];
}

export const revisionJson = (row: RevisionRow): RevisionJson => ({
  number: row.number,
  created_at: row.created_at,
  changed_by: row.changed_by,
  request_id: row.request_id,
  // Old and new values as responses print numbers (at most 10 significant digits, docs/api.md#responses).
  changes: printedNumbers(JSON.parse(row.changes) as RevisionChange[]),
});

/** 404 unless the recipe is the caller's (another account's revisions are as unknown as a missing recipe). */
export async function listRecipeRevisions(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  slice: { offset: number; limit: number; after?: number },
): Promise<{ items: RevisionJson[]; total: number }> {
  if (!(await findOwnRecipe(ctx.database.db, recipeId, caller.accountId))) throw notFound('recipe');
  const { items, total } = await listRevisions(ctx.database.db, caller.accountId, recipeId, slice);
  return { items: items.map(revisionJson), total };
}
