// How a recipe's tree is stored by its revisions (docs/api.md#history): each part of the tree (the recipe,
// a line, an ingredient, a cost entry) as JSON under the sha256 of that JSON, once per recipe, and each
// revision as a manifest of part keys to hashes. A write then stores only the parts it changed and
// compares two states by their hashes, reading back only the old parts that differ.
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { knownPart, printsAs, rememberPart } from './known-parts.js';
import { type PartKind, partKind, partsOf, type RecipeSnapshot } from './snapshot.js';

/** Part key ("recipe:12", "line:7", "ingredient:3", "cost:9") -> hash of its JSON. */
export type Manifest = Record<string, string>;

// Parsed manifests by their text: a write of a recipe's structure parses the latest manifest of each
// recipe it changes (9 kB for the deep benchmark recipe), and the next such write parses the one the
// last wrote. (Ingredient and cost writes patch the text instead: manifest-text.ts.) Keyed by the
// whole text, so an entry can only be the parse of that text. 2 MB of text per process.
const parsedManifests = new LRUCache<string, Readonly<Manifest>>({ maxSize: 2 * 1024 * 1024, sizeCalculation: (_m, text) => text.length });

/** JSON.parse of a stored manifest, shared: never change the object returned. */
export function parseManifest(text: string): Readonly<Manifest> {
  let manifest = parsedManifests.get(text);
  if (!manifest) parsedManifests.set(text, (manifest = JSON.parse(text) as Manifest));
  return manifest;
}

/** The manifest's stored text; the parse of it is remembered, as the next write will read it back. */
export function manifestText(manifest: Manifest): string {
  const text = JSON.stringify(manifest);
  parsedManifests.set(text, manifest);
  return text;
}

export interface EncodedSnapshot {
  manifest: Manifest;
  /** Part key -> its JSON, for the parts that were serialised (those not found equal to `before`'s). */
  bodies: Map<string, string>;
  /** Part key -> the part itself (the snapshot's own objects). */
  parts: Map<string, object>;
}

// One-shot hashing: a write may hash every part of a tree (265 for the deep benchmark recipe), and a
// hash object per part cost three times as much. The first 128 bits of SHA-256 (22 base64url
// characters) name a part among one recipe's parts with no practical chance of a collision, and keep
// manifests, which every revision stores and every write reads, 40% shorter than the whole digest.
export function hashOf(body: string): string {
  return hash('sha256', body, 'base64url').slice(0, 22);
}

/**
 * The snapshot's manifest. A part equal to the one of the same key in `before` (the previous
 * revision's manifest), as this process knows that one, keeps its hash without being serialised.
 */
export function encodeSnapshot(snapshot: RecipeSnapshot, before: Readonly<Manifest> = {}): EncodedSnapshot {
  const parts = partsOf(snapshot);
  const manifest: Manifest = {};
  const bodies = new Map<string, string>();
  for (const [key, part] of parts) {
    const previousHash = before[key];
    const previous = previousHash === undefined ? undefined : knownPart(previousHash);
    if (previousHash !== undefined && previous !== undefined && printsAs(part, previous)) {
      manifest[key] = previousHash;
      continue;
    }
    const body = JSON.stringify(part);
    const hash = hashOf(body);
    bodies.set(key, body);
    manifest[key] = hash;
    rememberPart(hash, body);
  }
  return { manifest, bodies, parts };
}

/** The snapshot a manifest names, from the parts' JSON (hash -> body); throws when a part is missing. */
export function decodeSnapshot(recipeId: number, manifest: Manifest, bodies: ReadonlyMap<string, string>): RecipeSnapshot {
  const snapshot: RecipeSnapshot = { recipe_id: recipeId, recipes: [], lines: [], ingredients: [], costs: [] };
  const lists: Record<PartKind, object[]> = {
    recipe: snapshot.recipes,
    line: snapshot.lines,
    ingredient: snapshot.ingredients,
    cost: snapshot.costs,
  };
  for (const [key, hash] of Object.entries(manifest)) {
    const body = bodies.get(hash);
    if (body === undefined) throw new Error(`history part ${key} (${hash}) of recipe ${recipeId} is missing`);
    lists[partKind(key)]?.push(JSON.parse(body));
  }
  return snapshot;
}

/** Keys whose part differs between two manifests (added, removed or changed). */
export function changedKeys(before: Readonly<Manifest>, after: Readonly<Manifest>): string[] {
  const keys: string[] = [];
  for (const [key, hash] of Object.entries(after)) if (before[key] !== hash) keys.push(key);
  for (const key of Object.keys(before)) if (!(key in after)) keys.push(key);
  return keys;
}
