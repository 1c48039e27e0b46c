// The one place every write records history (docs/api.md §9), inside the write's own transaction:
// an audit event for the account, and a new revision of every recipe of the account the write may
// have changed (the recipe itself, the recipes that use it as a subrecipe, the recipes that use a
// changed ingredient, at any depth). A revision is only written when the recipe's tree really
// differs from its last one, so the changes it lists are exactly what changed.
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import {
  costEntriesOf,
  deleteRevisionsOf,
  insertAuditEvent,
  insertRevision,
  latestRevision,
  recipesWithIngredients,
  subrecipeIngredientsOf,
} from '../../db/repositories/history.js';
import { loadRecipeGraph } from '../../db/repositories/recipes-graph.js';
import type { Executor } from '../../db/schema.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { changesBetween, snapshotOf, type RecipeSnapshot } from './snapshot.js';

export type AuditResource = 'recipe' | 'recipe_ingredient' | 'ingredient' | 'ingredient_cost' | 'label_approval' | 'api_key';

export interface WriteRecord {
  action: 'create' | 'update' | 'delete' | 'approve' | 'revoke';
  resource: AuditResource;
  resourceId: number | null;
  /** The fields the request set (names only: values are in the revisions). */
  fields: readonly string[];
  /** Recipes the write changed directly. */
  recipeIds?: readonly number[];
  /** Ingredients the write changed (their own fields or the account's costs of them). */
  ingredientIds?: readonly number[];
}

/** Records one write: call it last in the write's transaction, after the change itself. */
export async function recordWrite(tx: Executor, ctx: ServiceContext, caller: Caller, write: WriteRecord): Promise<void> {
  const now = isoSeconds(ctx.clock.now());
  await recordAudit(tx, caller, write, now);
  const recipes = await affectedRecipes(tx, caller.accountId, write.recipeIds ?? [], write.ingredientIds ?? []);
  for (const recipeId of recipes) await recordRevision(tx, caller, recipeId, now);
}

/** The audit event alone (docs/api.md §9 Audit), for writes that change no recipe. */
export async function recordAudit(
  tx: Executor,
  caller: Pick<Caller, 'accountId' | 'keyPrefix' | 'requestId'>,
  write: WriteRecord,
  now: string,
): Promise<void> {
  await insertAuditEvent(tx, {
    account_id: caller.accountId,
    created_at: now,
    key_prefix: caller.keyPrefix ?? null,
    request_id: caller.requestId ?? null,
    action: write.action,
    resource: write.resource,
    resource_id: write.resourceId,
    fields: JSON.stringify([...write.fields]),
  });
}

/** A deleted recipe's revisions go with it (its approvals stay: they are permanent). */
export async function forgetRecipeHistory(tx: Executor, recipeId: number): Promise<void> {
  await lockForTransaction(tx, LockSpace.recipeHistory, recipeId);
  await deleteRevisionsOf(tx, recipeId);
}

/** The recipes whose tree contains any of the given recipes or ingredients, the given recipes included; ascending ids. */
async function affectedRecipes(
  db: Executor,
  accountId: number,
  recipeIds: readonly number[],
  ingredientIds: readonly number[],
): Promise<number[]> {
  const seen = new Set(recipeIds);
  let ingredients = [...ingredientIds, ...(await subrecipeIngredientsOf(db, recipeIds))];
  while (ingredients.length > 0) {
    const users = (await recipesWithIngredients(db, accountId, ingredients)).filter((id) => !seen.has(id));
    for (const id of users) seen.add(id);
    ingredients = await subrecipeIngredientsOf(db, users);
  }
  // Ascending: two writes locking overlapping recipes take them in the same order (no deadlock).
  return [...seen].sort((a, b) => a - b);
}

/** The recipe's tree as this transaction sees it; undefined once the recipe is gone. */
export async function currentSnapshot(db: Executor, accountId: number, recipeId: number): Promise<RecipeSnapshot | undefined> {
  const graph = await loadRecipeGraph(db, accountId, [recipeId]);
  if (!graph.recipes.has(recipeId)) return undefined;
  const costs = await costEntriesOf(db, accountId, [...graph.ingredients.keys()]);
  return snapshotOf(recipeId, graph, costs);
}

/**
 * A new revision when the recipe's tree differs from its latest one (or it has none yet); returns the
 * recipe's current revision and tree, undefined when the recipe is gone.
 */
export async function recordRevision(
  tx: Executor,
  caller: Caller,
  recipeId: number,
  now: string,
): Promise<{ number: number; snapshot: RecipeSnapshot } | undefined> {
  // One writer at a time per recipe (PostgreSQL; SQLite writers are serial already): numbers stay
  // unique and each revision is compared with the one committed just before it. Taken in ascending
  // recipe order, and while holding it nothing below waits for a row lock (plain reads, and
  // recipe_revisions has no foreign key to check), so it cannot close a deadlock.
  await lockForTransaction(tx, LockSpace.recipeHistory, recipeId);
  const snapshot = await currentSnapshot(tx, caller.accountId, recipeId);
  if (!snapshot) return undefined;
  const previous = await latestRevision(tx, recipeId);
  const changes = changesBetween(previous ? (JSON.parse(previous.snapshot) as RecipeSnapshot) : undefined, snapshot);
  if (previous && changes.length === 0) return { number: previous.number, snapshot };
  const number = (previous?.number ?? 0) + 1;
  await insertRevision(tx, {
    account_id: caller.accountId,
    recipe_id: recipeId,
    number,
    created_at: now,
    changed_by: caller.keyPrefix ?? null,
    request_id: caller.requestId ?? null,
    changes: JSON.stringify(changes),
    snapshot: JSON.stringify(snapshot),
  });
  return { number, snapshot };
}
