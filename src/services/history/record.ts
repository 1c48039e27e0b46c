// The one place every write records history (docs/api.md#history), inside the write's own transaction:
// an audit event for the account, and a new revision of every recipe of the account the write may
// have changed (the recipe itself, the recipes that use it as a subrecipe, the recipes that use a
// changed ingredient, at any depth). A revision is only written when the recipe's tree really
// differs from its last one, so the changes it lists are exactly what changed.
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import { accountsUsingIngredients, deleteRevisionsOf, insertAuditEvents, recipesUsing } from '../../db/repositories/history/index.js';
import type { Ingredient } from '../../core/ingredient.js';
import type { RecipeGraph } from '../../core/recipe/types.js';
import type { Executor } from '../../db/schema.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { recordIngredientChange } from './ingredient-change.js';
import { recordRevisions } from './revision.js';
import { historyStepChannel } from './tracing.js';

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
  /**
   * Set by a write of ingredients' own fields that changed nothing else of theirs (no cost entry): the
   * ingredients as it left them. History then reads neither them nor their cost entries again.
   */
  writtenIngredients?: readonly Ingredient[];
}

/** What an audit event says of one write. */
export type AuditedWrite = Pick<WriteRecord, 'action' | 'resource' | 'resourceId' | 'fields'>;

export interface RecordedWrite {
  /**
   * The tree of each recipe that got (or kept) its revision, as the transaction sees it after the
   * write: a service answering with one of these recipes evaluates this tree instead of loading it again.
   */
  trees: Map<number, RecipeGraph>;
}

/** Records one write: call it last in the write's transaction, after the change itself. */
export function recordWrite(tx: Executor, ctx: ServiceContext, caller: Caller, write: WriteRecord): Promise<RecordedWrite> {
  return historyStepChannel.tracePromise(() => recordWriteNow(tx, ctx, caller, write), write);
}

async function recordWriteNow(tx: Executor, ctx: ServiceContext, caller: Caller, write: WriteRecord): Promise<RecordedWrite> {
  const now = isoSeconds(ctx.clock.now());
  await recordAudit(tx, caller, write, now);
  return recordChangedRecipes(tx, caller, write.recipeIds ?? [], write.ingredientIds ?? [], now, write.writtenIngredients);
}

/**
 * Many records written by one request (an applied spreadsheet import), inside its transaction: an
 * audit event of each record, with its id, as if each had been written by its own route; then the
 * revisions of every recipe the writes changed (`changed`: the recipes and ingredients written), once
 * for all of them: a recipe gets one revision for the whole request, not one per record.
 */
export function recordWrites(
  tx: Executor,
  ctx: ServiceContext,
  caller: Caller,
  events: readonly AuditedWrite[],
  changed: Pick<WriteRecord, 'recipeIds' | 'ingredientIds'>,
): Promise<RecordedWrite> {
  return historyStepChannel.tracePromise(async () => {
    const now = isoSeconds(ctx.clock.now());
    await insertAuditEvents(
      tx,
      events.map((event) => auditRow(caller, event, now)),
    );
    return recordChangedRecipes(tx, caller, changed.recipeIds ?? [], changed.ingredientIds ?? [], now);
  }, changed);
}

async function recordChangedRecipes(
  tx: Executor,
  caller: Caller,
  recipeIds: readonly number[],
  ingredientIds: readonly number[],
  now: string,
  writtenIngredients?: readonly Ingredient[],
): Promise<RecordedWrite> {
  // A change to ingredients alone patches the recipes' latest revisions (ingredient-change.ts).
  if (recipeIds.length === 0 && ingredientIds.length > 0) {
    await recordIngredientChange(tx, caller, ingredientIds, now, writtenIngredients);
    return { trees: new Map() };
  }
  const recipes = await affectedRecipes(tx, caller.accountId, recipeIds, ingredientIds);
  return { trees: await recordRevisions(tx, caller, recipes, now) };
}

/**
 * A change to public-library foods (a USDA import, `recipal ingredients import`), inside its
 * transaction: a revision, by no key (`changed_by` null), of every recipe of any account that uses
 * them, at any depth. No audit event: it is no account's write.
 */
export async function recordLibraryChange(tx: Executor, ctx: ServiceContext, ingredientIds: readonly number[]): Promise<void> {
  if (ingredientIds.length === 0) return;
  const now = isoSeconds(ctx.clock.now());
  for (const accountId of await accountsUsingIngredients(tx, ingredientIds)) {
    await recordIngredientChange(tx, { accountId, keyId: 0 }, ingredientIds, now);
  }
}

/** The audit event alone (docs/api.md#audit), for writes that change no recipe. */
export async function recordAudit(
  tx: Executor,
  caller: Pick<Caller, 'accountId' | 'keyPrefix' | 'requestId'>,
  write: AuditedWrite,
  now: string,
): Promise<void> {
  await insertAuditEvents(tx, [auditRow(caller, write, now)]);
}

const auditRow = (caller: Pick<Caller, 'accountId' | 'keyPrefix' | 'requestId'>, write: AuditedWrite, now: string) => ({
  account_id: caller.accountId,
  created_at: now,
  key_prefix: caller.keyPrefix ?? null,
  request_id: caller.requestId ?? null,
  action: write.action,
  resource: write.resource,
  resource_id: write.resourceId,
  fields: JSON.stringify([...write.fields]),
});

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
  const seen = new Set([...recipeIds, ...(await recipesUsing(db, accountId, recipeIds, ingredientIds))]);
  // Ascending: two writes locking overlapping recipes take them in the same order (no deadlock).
  return [...seen].sort((a, b) => a - b);
}
