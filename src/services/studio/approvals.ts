// The label studio's approval page (docs/studio.md "Approvals"): the approval as it was made (GET
// /v1/label_approvals/{id}), and its diff against the label the recipe gives now (GET
// /v1/label_approvals/{id}/diff) with the revisions since, named. An approval outlives its recipe
// (docs/api.md#label-approvals): then there is nothing to compare with.
import { AppError } from '../../errors.js';
import { approvalDiff, getApproval, type ApprovalJson, type LabelDiff } from '../approvals/index.js';
import type { Caller, ServiceContext } from '../context.js';
import { listLines } from '../recipes/index.js';
import { namesOfRecipe, type ChangeNames } from './revisions.js';

export interface StudioApproval {
  approval: ApprovalJson;
  /** null when the recipe has been deleted since. */
  recipeName: string | null;
  diff: LabelDiff | null;
  names: ChangeNames;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

export async function studioApproval(ctx: ServiceContext, caller: Caller, id: number): Promise<StudioApproval> {
  const approval = await getApproval(ctx, caller, id);
  try {
    const recipe = await listLines(ctx, caller, approval.recipe_id);
    const diff = await approvalDiff(ctx, caller, id);
    return { approval, recipeName: recipe.recipe.name, diff, names: namesOfRecipe(recipe) };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return { approval, recipeName: null, diff: null, names: { recipes: {}, ingredients: {}, lines: {} } };
  }
}
