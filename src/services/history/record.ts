// The one place every write records history (docs/api.md §9), inside the write's own transaction:
// an audit event for the account, and a new revision of every recipe of the account the write may
// have changed (the recipe itself, the recipes that use it as a subrecipe, the recipes that use a
// changed ingredient, at any depth). A revision is only written when the recipe's tree really
// differs from its last one, so the changes it lists are exactly what changed.
import { tracingChannel } from 'node:diagnostics_channel';
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import {
  accountsUsingIngredients,
  costEntriesOf,
  deleteRevisionsOf,
  historyPartBodies,
  insertAuditEvent,
  insertHistoryParts,
  insertRevision,
  latestRevision,
  recipesWithIngredients,
  subrecipeIngredientsOf,
} from '../../db/repositories/history.js';
import { loadRecipeGraph } from '../../db/repositories/recipes-graph.js';
import type { RecipeGraph } from '../../core/recipe/types.js';
import type { Executor } from '../../db/schema.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { changedKeys, encodeSnapshot, type Manifest } from './parts.js';
import { changesOfParts, firstChanges, snapshotOf, type RecipeSnapshot } from './snapshot.js';

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

export interface RecordedWrite {
  /**
   * The tree of each recipe that got (or kept) its revision, as the transaction sees it after the
   * write: a service answering with one of these recipes evaluates this tree instead of loading it again.
   */
  trees: Map<number, RecipeGraph>;
}

/**
 * Traces each history step (`npm run bench history` subscribes to time the step inside real writes);
 * with no subscriber, tracing is a check of a flag.
 */
export const historyStepChannel = tracingChannel<string, WriteRecord>('recipal:history-step');

/** Records one write: call it last in the write's transaction, after the change itself. */
export function recordWrite(tx: Executor, ctx: ServiceContext, caller: Caller, write: WriteRecord): Promise<RecordedWrite> {
  return historyStepChannel.tracePromise(() => recordWriteNow(tx, ctx, caller, write), write);
}

async function recordWriteNow(tx: Executor, ctx: ServiceContext, caller: Caller, write: WriteRecord): Promise<RecordedWrite> {
  const now = isoSeconds(ctx.clock.now());
  await recordAudit(tx, caller, write, now);
  const recipes = await affectedRecipes(tx, caller.accountId, write.recipeIds ?? [], write.ingredientIds ?? []);
  const trees = new Map<number, RecipeGraph>();
  for (const recipeId of recipes) {
    const recorded = await recordRevision(tx, caller, recipeId, now);
    if (recorded) trees.set(recipeId, recorded.graph);
  }
  return { trees };
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
    for (const recipeId of await affectedRecipes(tx, accountId, [], ingredientIds)) {
      await recordRevision(tx, { accountId, keyId: 0 }, recipeId, now);
    }
  }
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

/** The recipe's tree as this transaction sees it, loaded and as a snapshot; undefined once the recipe is gone. */
async function currentTree(
  db: Executor,
  accountId: number,
  recipeId: number,
): Promise<{ graph: RecipeGraph; snapshot: RecipeSnapshot } | undefined> {
  const graph = await loadRecipeGraph(db, accountId, [recipeId]);
  if (!graph.recipes.has(recipeId)) return undefined;
  const costs = await costEntriesOf(db, accountId, [...graph.ingredients.keys()]);
  return { graph, snapshot: snapshotOf(recipeId, graph, costs) };
}

/**
 * A new revision when the recipe's tree differs from its latest one (or it has none yet); returns the
 * recipe's current revision and tree (as loaded and as a snapshot), undefined when the recipe is gone.
 */
export async function recordRevision(
  tx: Executor,
  caller: Caller,
  recipeId: number,
  now: string,
): Promise<{ number: number; snapshot: RecipeSnapshot; graph: RecipeGraph } | undefined> {
  // One writer at a time per recipe (PostgreSQL; SQLite writers are serial already): numbers stay
  // unique and each revision is compared with the one committed just before it. Taken in ascending
  // recipe order, and while holding it nothing below waits for a row lock (plain reads, and
  // recipe_revisions has no foreign key to check), so it cannot close a deadlock.
  await lockForTransaction(tx, LockSpace.recipeHistory, recipeId);
  const current = await currentTree(tx, caller.accountId, recipeId);
  if (!current) return undefined;
  const { graph, snapshot } = current;
  const encoded = encodeSnapshot(snapshot);
  const previous = await latestRevision(tx, recipeId);
  // Only the parts whose hash differs can hold a change; only those old parts are read back.
  let changes = firstChanges(snapshot);
  let newParts = [...encoded.bodies.keys()];
  if (previous) {
    const before = JSON.parse(previous.manifest) as Manifest;
    const differing = changedKeys(before, encoded.manifest);
    changes = changesOfParts(await oldParts(tx, recipeId, before, differing), encoded.parts, differing, recipeId);
    if (changes.length === 0) return { number: previous.number, snapshot, graph };
    newParts = differing.filter((key) => key in encoded.manifest);
  }
  const number = (previous?.number ?? 0) + 1;
  await insertHistoryParts(
    tx,
    caller.accountId,
    recipeId,
    new Map(newParts.map((key) => [encoded.manifest[key]!, encoded.bodies.get(key)!])),
  );
  await insertRevision(tx, {
    account_id: caller.accountId,
    recipe_id: recipeId,
    number,
    created_at: now,
    changed_by: caller.keyPrefix ?? null,
    request_id: caller.requestId ?? null,
    changes: JSON.stringify(changes),
    manifest: JSON.stringify(encoded.manifest),
  });
  return { number, snapshot, graph };
}

/** The parts named by `keys` as the manifest `before` stored them (keys it does not have are absent). */
async function oldParts(tx: Executor, recipeId: number, before: Manifest, keys: readonly string[]): Promise<Map<string, object>> {
  const hashes = keys.filter((key) => key in before).map((key) => before[key]!);
  const bodies = await historyPartBodies(tx, recipeId, hashes);
  const parts = new Map<string, object>();
  for (const key of keys) {
    const body = key in before ? bodies.get(before[key]!) : undefined;
    if (body !== undefined) parts.set(key, JSON.parse(body) as object);
  }
  return parts;
}
