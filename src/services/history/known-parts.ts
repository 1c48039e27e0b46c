// Parts of recipe trees this process has stored or read, by hash, as parsed from their own JSON: a
// write compares each part of the new tree with the part of the same key in the previous revision
// and, when they are equal, reuses its hash instead of serialising and hashing the part again (the
// deep benchmark recipe has 265 parts, and a write usually changes one or two). Content-addressed, so
// an entry is right for as long as it exists, on every instance, and nothing ever invalidates it.
// The objects never leave history/ and are never mutated: they are private copies, only compared. A
// hash shared by two recipes (or accounts) names the same content, so sharing an entry shows nobody
// anything they do not hold already.
import { LRUCache } from 'lru-cache';

// 8 MB of JSON (about three times that in the heap of each worker): some 10,000 parts.
const known = new LRUCache<string, object>({ maxSize: 8 * 1024 * 1024 });

/** Remembers the part whose JSON is `body` under `hash`. */
export function rememberPart(hash: string, body: string): void {
  if (!known.has(hash)) known.set(hash, JSON.parse(body) as object, { size: body.length });
}

/** The part stored under `hash`, when this process knows it. */
export function knownPart(hash: string): object | undefined {
  return known.get(hash);
}

/**
 * Whether JSON.stringify(value) would print exactly the JSON `parsed` was read from: the same
 * values, keys in the same order. Conservative: anything it is unsure of (undefined, functions,
 * non-finite numbers, class instances) answers false, and the caller serialises the value instead.
 */
export function printsAs(value: unknown, parsed: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value === parsed;
  if (typeof value === 'number') return Number.isFinite(value) && value === parsed;
  if (typeof value !== 'object' || parsed === null || typeof parsed !== 'object') return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(parsed) || parsed.length !== value.length) return false;
    for (let i = 0; i < value.length; i++) if (!printsAs(value[i], parsed[i])) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== null) || Array.isArray(parsed)) return false;
  const keys = Object.keys(value);
  const parsedKeys = Object.keys(parsed);
  if (keys.length !== parsedKeys.length) return false;
  for (const [i, key] of keys.entries()) {
    if (key !== parsedKeys[i] || !printsAs((value as Record<string, unknown>)[key], (parsed as Record<string, unknown>)[key])) return false;
  }
  return true;
}
