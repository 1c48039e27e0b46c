// Revisions for a change to ingredients alone (their fields, or the account's cost entries of them;
// docs/api.md#history), without loading any recipe's tree: each recipe using them gets its latest
// manifest with those ingredients' parts replaced. A write that changes an ingredient used by 26
// recipes then costs 26 small rows, not 26 tree loads. The patched manifest is the tree as it now
// stands because every write records its revisions in its own transaction, under the recipe's
// history lock, so the latest revision is the state just before this write. Where that cannot be
// relied on (no revision yet, or the ingredient is not in it, or gone), the recipe gets a revision
// from its whole tree instead (revision.ts).
import { must } from '../../lib/must.js';
import type { Ingredient } from '../../core/ingredient.js';
import { isPostgres, lockEachForTransaction, LockSpace } from '../../db/locks.js';
import {
  costEntriesOf,
  type HistoryPartRow,
  type NewRevision,
  insertPartsAndRevisions,
  latestRevisions,
  recipesUsing,
  recipesUsingWithLatest,
} from '../../db/repositories/history/index.js';
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import type { Executor } from '../../db/schema.js';
import type { Caller } from '../context.js';
import { rememberPart } from './known-parts.js';
import { entriesOfKind, hashInManifest, inManifestOrder, patchManifestText } from './manifest-text.js';
import { hashOf } from './parts.js';
import { oldParts, recordRevisions, revisionRow } from './revision.js';
import { changesOfParts, type SnapshotCost, snapshotCostOf } from './snapshot.js';

const NO_ENTRIES: ReadonlyMap<string, string> = new Map();
const NO_PARTS: ReadonlyMap<string, object> = new Map();

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

/**
 * The ingredients' parts, and their cost entries' parts, as they now stand, keyed as in a manifest.
 * `written`: the ingredients as a write of their own fields alone left them (recordWrite's
 * `writtenIngredients`): neither they nor their unchanged cost entries are read again.
 */
async function currentParts(tx: Executor, accountId: number, ingredientIds: readonly number[], written?: readonly Ingredient[]) {
  const given = new Map(written?.map((ingredient) => [ingredient.id, ingredient]));
  // Without the ingredients handed over, the write may have changed their cost entries: read both.
  const withCosts = !ingredientIds.every((id) => given.has(id));
  const ingredients = withCosts ? await findReadableIngredients(tx, ingredientIds, accountId) : given;
  const parts = new Map<string, Part>();
  for (const id of ingredientIds) {
    const ingredient = ingredients.get(id);
    if (ingredient) parts.set(`ingredient:${id}`, partOf(ingredient));
  }
  if (withCosts) {
    for (const cost of await costEntriesOf(tx, accountId, ingredientIds)) parts.set(`cost:${cost.id}`, partOf(snapshotCostOf(cost)));
  }
  return { parts, withCosts, missing: ingredientIds.filter((id) => !ingredients.has(id)) };
}

/**
 * The account's recipes using the ingredients at any depth (ascending), each locked for its history,
 * with their latest revisions read after the locks.
 */
async function recipesWithLatestRevisions(tx: Executor, accountId: number, ingredientIds: readonly number[]) {
  // SQLite's write transaction excludes every other writer from its BEGIN: one statement finds both.
  if (!isPostgres(tx)) {
    const found = await recipesUsingWithLatest(tx, accountId, ingredientIds);
    return { recipeIds: found.recipeIds.sort((a, b) => a - b), latest: found.latest };
  }
  // Locked in ascending order (as every writer does), then read in one statement.
  const recipeIds = (await recipesUsing(tx, accountId, [], ingredientIds)).sort((a, b) => a - b);
  await lockEachForTransaction(tx, LockSpace.recipeHistory, recipeIds);
  return { recipeIds, latest: await latestRevisions(tx, recipeIds) };
}

/**
 * Revisions of every recipe of the caller's account that uses `ingredientIds` (at any depth), for a
 * change to those ingredients alone. Returns nothing: the writes that come here answer with an
 * ingredient or a cost, not a recipe.
 */
export async function recordIngredientChange(
  tx: Executor,
  caller: Caller,
  ingredientIds: readonly number[],
  now: string,
  written?: readonly Ingredient[],
): Promise<void> {
  const { recipeIds, latest } = await recipesWithLatestRevisions(tx, caller.accountId, ingredientIds);
  if (recipeIds.length === 0) return;
  const changed = new Set(ingredientIds);
  const current = await currentParts(tx, caller.accountId, ingredientIds, written);
  const whole: number[] = [];
  const revisions: NewRevision[] = [];
  const partRows: HistoryPartRow[] = [];
  const afterParts = new Map([...current.parts].map(([key, part]) => [key, part.object]));
  // The changes from one set of part hashes to another are the same in every recipe that holds them
  // (an ingredient's or a cost entry's changes do not depend on the recipe): listed and serialised once.
  const listed = new Map<string, string | null>();
  for (const recipeId of recipeIds) {
    const previous = latest.get(recipeId);
    const before = previous?.manifest;
    const beforeHashes = new Map<string, string | undefined>();
    for (const id of ingredientIds) beforeHashes.set(`ingredient:${id}`, before && hashInManifest(before, `ingredient:${id}`));
    if (!previous || !before || current.missing.length > 0 || [...beforeHashes.values()].includes(undefined)) {
      whole.push(recipeId);
      continue;
    }
    // The changed ingredients' old cost entries leave; their current ones (and the ingredients) come in.
    const beforeCosts = current.withCosts ? entriesOfKind(before, 'cost') : NO_ENTRIES;
    const oldCosts = current.withCosts ? await oldParts(tx, recipeId, beforeCosts) : NO_PARTS;
    const removed: string[] = [];
    for (const [key, old] of oldCosts) {
      if (changed.has((old as SnapshotCost).ingredient_id) && !current.parts.has(key)) removed.push(key);
    }
    for (const [key, hash] of beforeCosts) beforeHashes.set(key, hash);
    const replaced = new Map<string, string>();
    for (const [key, part] of current.parts) if (beforeHashes.get(key) !== part.hash) replaced.set(key, part.hash);
    // In the order a whole-tree revision lists them: the manifest's order, new parts after, removals last.
    const differing = [...inManifestOrder(before, replaced.keys()), ...removed];
    const signature = differing.map((key) => `${key} ${beforeHashes.get(key) ?? ''} ${replaced.get(key) ?? ''}`).join(',');
    let changes = listed.get(signature);
    if (changes === undefined) {
      // The old cost entries were read above; only the other differing parts (the ingredients) remain.
      const others = new Map<string, string>();
      for (const key of differing) {
        const hash = beforeHashes.get(key);
        if (hash !== undefined && !oldCosts.has(key)) others.set(key, hash);
      }
      const old = new Map([...oldCosts, ...(await oldParts(tx, recipeId, others))]);
      const found = changesOfParts(old, afterParts, differing, recipeId);
      listed.set(signature, (changes = found.length > 0 ? JSON.stringify(found) : null));
    }
    if (changes === null) continue;
    for (const key of replaced.keys()) {
      const part = must(current.parts.get(key), `replaced part ${key} of the current tree`);
      partRows.push({ account_id: caller.accountId, recipe_id: recipeId, hash: part.hash, body: part.body });
    }
    revisions.push(revisionRow(caller, recipeId, previous.number + 1, now, changes, patchManifestText(before, replaced, removed)));
  }
  await insertPartsAndRevisions(tx, partRows, revisions);
  await recordRevisions(tx, caller, whole, now);
}
