// Revisions for a change to ingredients alone (their fields, or the account's cost entries of them;
// docs/api.md §9), without loading any recipe's tree: each recipe using them gets its latest
// manifest with those ingredients' parts replaced. A write that changes an ingredient used by 26
// recipes then costs 26 small inserts, not 26 tree loads. The patched manifest is the tree as it now
// stands because every write records its revisions in its own transaction, under the recipe's
// history lock, so the latest revision is the state just before this write. Where that cannot be
// relied on (no revision yet, or the ingredient is not in it, or gone), the recipe gets a revision
// from its whole tree instead (revision.ts).
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import {
  costEntriesOf,
  type HistoryPartRow,
  type NewRevision,
  insertHistoryPartRows,
  insertRevisions,
  latestRevisions,
} from '../../db/repositories/history.js';
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import type { Executor } from '../../db/schema.js';
import type { Caller } from '../context.js';
import { rememberPart } from './known-parts.js';
import { changedKeys, hashOf, type Manifest } from './parts.js';
import { oldParts, recordRevisions, revisionRow } from './revision.js';
import { changesOfParts, partKind, type SnapshotCost, snapshotCostOf } from './snapshot.js';

interface Part {
  object: object;
  body: string;
  hash: string;
}

function partOf(object: object): Part {
  const body = JSON.stringify(object);
  const hash = hashOf(body);
  rememberPart(hash, body);
  return { object, body, hash };
}

/** The ingredients' parts and their cost entries' parts as they now stand, keyed as in a manifest. */
async function currentParts(tx: Executor, accountId: number, ingredientIds: readonly number[]) {
  const ingredients = await findReadableIngredients(tx, ingredientIds, accountId);
  const parts = new Map<string, Part>();
  for (const ingredient of ingredients.values()) parts.set(`ingredient:${ingredient.id}`, partOf(ingredient));
  for (const cost of await costEntriesOf(tx, accountId, ingredientIds)) parts.set(`cost:${cost.id}`, partOf(snapshotCostOf(cost)));
  return { parts, missing: ingredientIds.filter((id) => !ingredients.has(id)) };
}

/**
 * Revisions of `recipeIds` (ascending) for a change to `ingredientIds` alone. Returns nothing: the
 * writes that come here answer with an ingredient or a cost, not a recipe.
 */
export async function recordIngredientChange(
  tx: Executor,
  caller: Caller,
  recipeIds: readonly number[],
  ingredientIds: readonly number[],
  now: string,
): Promise<void> {
  if (recipeIds.length === 0) return;
  const changed = new Set(ingredientIds);
  const current = await currentParts(tx, caller.accountId, ingredientIds);
  const whole: number[] = [];
  // Locked in ascending order first (as every writer does), then read and written in one statement each.
  for (const recipeId of recipeIds) await lockForTransaction(tx, LockSpace.recipeHistory, recipeId);
  const latest = await latestRevisions(tx, recipeIds);
  const revisions: NewRevision[] = [];
  const partRows: HistoryPartRow[] = [];
  const afterParts = new Map([...current.parts].map(([key, part]) => [key, part.object]));
  for (const recipeId of recipeIds) {
    const previous = latest.get(recipeId);
    const before = previous ? (JSON.parse(previous.manifest) as Manifest) : undefined;
    if (!previous || !before || current.missing.length > 0 || ingredientIds.some((id) => !(`ingredient:${id}` in before))) {
      whole.push(recipeId);
      continue;
    }
    // The changed ingredients' old cost entries leave; their current ones (and the ingredients) come in.
    const oldCosts = await oldParts(
      tx,
      recipeId,
      before,
      Object.keys(before).filter((key) => partKind(key) === 'cost'),
    );
    const after: Manifest = {};
    for (const [key, hash] of Object.entries(before)) {
      const old = oldCosts.get(key) as SnapshotCost | undefined;
      if (old && changed.has(old.ingredient_id)) continue;
      after[key] = current.parts.get(key)?.hash ?? hash;
    }
    for (const [key, part] of current.parts) after[key] = part.hash;
    const differing = changedKeys(before, after);
    const changes = changesOfParts(await oldParts(tx, recipeId, before, differing), afterParts, differing, recipeId);
    if (changes.length === 0) continue;
    for (const key of differing) {
      const part = current.parts.get(key);
      if (part) partRows.push({ account_id: caller.accountId, recipe_id: recipeId, hash: part.hash, body: part.body });
    }
    revisions.push(revisionRow(caller, recipeId, previous.number + 1, now, changes, after));
  }
  await insertHistoryPartRows(tx, partRows);
  await insertRevisions(tx, revisions);
  await recordRevisions(tx, caller, whole, now);
}
