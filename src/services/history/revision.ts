// A recipe's revision from its whole tree (docs/api.md#history): the tree as the transaction sees it,
// compared part by part with the latest revision's, stored when something differs. Every write that
// changes a recipe's structure comes here; ingredient and cost writes patch instead
// (ingredient-change.ts), falling back to this when they cannot.
import { must } from '../../lib/must.js';
import type { RecipeGraph } from '../../core/recipe/types.js';
import { lockEachForTransaction, lockForTransaction, LockSpace } from '../../db/locks.js';
import {
  costEntriesOf,
  historyPartBodies,
  insertPartsAndRevisions,
  latestRevisions,
  type NewRevision,
} from '../../db/repositories/history/index.js';
import { loadRecipeGraph } from '../../db/repositories/recipes-graph.js';
import type { Executor } from '../../db/schema.js';
import type { Caller } from '../context.js';
import { knownPart, rememberPart } from './known-parts.js';
import { changedKeys, encodeSnapshot, manifestText, parseManifest } from './parts.js';
import { changesOfParts, firstChanges, type RecipeSnapshot, type SnapshotCost, snapshotOf, subtreeOf } from './snapshot.js';
import { historyTreeLoadChannel } from './tracing.js';

/**
 * A revision of each recipe (ascending ids) whose tree changed. Several recipes (an ingredient many
 * use) are locked first, then loaded as one tree, from which each recipe's own tree is taken: one
 * load instead of one per recipe, and loaded after the locks so that it sees every revision
 * committed before them.
 */
export async function recordRevisions(
  tx: Executor,
  caller: Caller,
  recipeIds: readonly number[],
  now: string,
): Promise<Map<number, RecipeGraph>> {
  let loaded: LoadedTrees | undefined;
  if (recipeIds.length > 1) {
    await lockEachForTransaction(tx, LockSpace.recipeHistory, recipeIds);
    const graph = await loadRecipeGraph(tx, caller.accountId, recipeIds);
    loaded = { graph, costs: await costEntriesOf(tx, caller.accountId, [...graph.ingredients.keys()]) };
  }
  const trees = new Map<number, RecipeGraph>();
  for (const recipeId of recipeIds) {
    const recorded = await recordRevision(tx, caller, recipeId, now, loaded);
    if (recorded) trees.set(recipeId, recorded.graph);
  }
  return trees;
}

/** Recipe trees loaded together, with the account's cost entries for their ingredients. */
export interface LoadedTrees {
  graph: RecipeGraph;
  costs: SnapshotCost[];
}

/** The recipe's tree as this transaction sees it, loaded and as a snapshot; undefined once the recipe is gone. */
async function currentTree(
  db: Executor,
  accountId: number,
  recipeId: number,
  loaded?: LoadedTrees,
): Promise<{ graph: RecipeGraph; snapshot: RecipeSnapshot } | undefined> {
  if (loaded) {
    if (!loaded.graph.recipes.has(recipeId)) return undefined;
    const graph = subtreeOf(loaded.graph, accountId, recipeId);
    const costs = loaded.costs.filter((c) => graph.ingredients.has(c.ingredient_id));
    return { graph, snapshot: snapshotOf(recipeId, graph, costs) };
  }
  const graph = await historyTreeLoadChannel.tracePromise(() => loadRecipeGraph(db, accountId, [recipeId]), { recipeId });
  if (!graph.recipes.has(recipeId)) return undefined;
  const costs = await costEntriesOf(db, accountId, [...graph.ingredients.keys()]);
  return { graph, snapshot: snapshotOf(recipeId, graph, costs) };
}

/**
 * A new revision when the recipe's tree differs from its latest one (or it has none yet); returns the
 * recipe's current revision and tree (as loaded and as a snapshot), undefined when the recipe is gone.
 * `loaded`: trees recordRevisions loaded together, after locking their recipes' history.
 */
export async function recordRevision(
  tx: Executor,
  caller: Caller,
  recipeId: number,
  now: string,
  loaded?: LoadedTrees,
): Promise<{ number: number; snapshot: RecipeSnapshot; graph: RecipeGraph } | undefined> {
  // One writer at a time per recipe (PostgreSQL; SQLite writers are serial already): numbers stay
  // unique and each revision is compared with the one committed just before it. Taken in ascending
  // recipe order, and while holding it nothing below waits for a row lock (plain reads, and
  // recipe_revisions has no foreign key to check), so it cannot close a deadlock. Trees `loaded`
  // together were loaded after recordRevisions locked all their recipes.
  if (!loaded) await lockForTransaction(tx, LockSpace.recipeHistory, recipeId);
  const current = await currentTree(tx, caller.accountId, recipeId, loaded);
  if (!current) return undefined;
  const { graph, snapshot } = current;
  const previous = (await latestRevisions(tx, [recipeId])).get(recipeId);
  const before = previous ? parseManifest(previous.manifest) : undefined;
  const encoded = encodeSnapshot(snapshot, before);
  // Only the parts whose hash differs can hold a change; only those old parts are read back.
  let changes = firstChanges(snapshot);
  let newParts = [...encoded.bodies.keys()];
  if (previous && before) {
    const differing = changedKeys(before, encoded.manifest);
    const stored = new Map(differing.flatMap((key) => (before[key] === undefined ? [] : [[key, before[key]] as const])));
    changes = changesOfParts(await oldParts(tx, recipeId, stored), encoded.parts, differing, recipeId);
    if (changes.length === 0) return { number: previous.number, snapshot, graph };
    newParts = differing.filter((key) => key in encoded.manifest);
  }
  const number = (previous?.number ?? 0) + 1;
  const parts = newParts.map((key) => ({
    account_id: caller.accountId,
    recipe_id: recipeId,
    hash: must(encoded.manifest[key], `the hash of new part ${key}`),
    body: must(encoded.bodies.get(key), `the body of new part ${key}`),
  }));
  await insertPartsAndRevisions(tx, parts, [
    revisionRow(caller, recipeId, number, now, JSON.stringify(changes), manifestText(encoded.manifest)),
  ]);
  return { number, snapshot, graph };
}

/** The row of a recipe's revision `number`, made by `caller` at `now`; its changes and manifest as stored (JSON). */
export function revisionRow(caller: Caller, recipeId: number, number: number, now: string, changes: string, manifest: string): NewRevision {
  return {
    account_id: caller.accountId,
    recipe_id: recipeId,
    number,
    created_at: now,
    changed_by: caller.keyPrefix ?? null,
    request_id: caller.requestId ?? null,
    changes,
    manifest,
  };
}

/**
 * The parts stored under `hashes` (part key -> hash in a previous manifest), by key: from this
 * process's known parts, else read back (a hash the recipe no longer stores is left out). Only
 * compared, never changed.
 */
export async function oldParts(tx: Executor, recipeId: number, hashes: ReadonlyMap<string, string>): Promise<Map<string, object>> {
  const parts = new Map<string, object>();
  const missing = new Map<string, string>();
  for (const [key, hash] of hashes) {
    const known = knownPart(hash);
    if (known !== undefined) parts.set(key, known as object);
    else missing.set(key, hash);
  }
  if (missing.size === 0) return parts;
  const bodies = await historyPartBodies(tx, recipeId, [...missing.values()]);
  for (const [key, hash] of missing) {
    const body = bodies.get(hash);
    if (body === undefined) continue;
    parts.set(key, JSON.parse(body) as object);
    rememberPart(hash, body);
  }
  return parts;
}
