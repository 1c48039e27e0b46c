// A stored manifest read and patched as text (parts.ts stores a manifest as the JSON.stringify of a
// flat object of part keys to hashes). An ingredient or cost write changes one or two entries of
// every manifest it touches: finding those entries and splicing in new hashes gives, byte for byte,
// the JSON.stringify of the patched object, without parsing, copying and serialising the whole
// manifest (265 entries, 9 kB for the deep benchmark recipe) once per recipe using the ingredient.
//
// Safe on text because of what a manifest holds: keys are "<kind>:<id>" and hashes base64url, so no
// entry needs escaping, and `"<key>":"` can only match that key's own entry (the quote before and the
// colon after rule out "ingredient:3" matching "ingredient:33" or a key containing it).

interface Entry {
  /** Where the entry's opening quote is. */
  at: number;
  /** The hash's first character, and the index of its closing quote. */
  start: number;
  end: number;
}

function entryOf(text: string, key: string): Entry | undefined {
  const needle = `"${key}":"`;
  const at = text.indexOf(needle);
  if (at < 0) return undefined;
  const start = at + needle.length;
  return { at, start, end: text.indexOf('"', start) };
}

/** The hash the manifest gives `key`, undefined when it has no such part. */
export function hashInManifest(text: string, key: string): string | undefined {
  const entry = entryOf(text, key);
  return entry && text.slice(entry.start, entry.end);
}

/** The keys of one kind of part ("cost") in the manifest, with their hashes, in the manifest's order. */
export function entriesOfKind(text: string, kind: string): Map<string, string> {
  const entries = new Map<string, string>();
  const pattern = new RegExp(`"(${kind}:\\d+)":"([^"]*)"`, 'g');
  for (const [, key = '', hash = ''] of text.matchAll(pattern)) entries.set(key, hash);
  return entries;
}

/**
 * The text JSON.stringify would give the manifest after `set` (key -> hash, in order: a key it did not
 * have is added at the end, as an object spread and assignment would) and `remove` (keys it drops).
 */
export function patchManifestText(text: string, set: ReadonlyMap<string, string>, remove: readonly string[]): string {
  let patched = text;
  const added: string[] = [];
  for (const [key, hash] of set) {
    const entry = entryOf(patched, key);
    if (entry) patched = patched.slice(0, entry.start) + hash + patched.slice(entry.end);
    else added.push(`"${key}":"${hash}"`);
  }
  for (const key of remove) {
    const entry = entryOf(patched, key);
    if (!entry) continue;
    const after = entry.end + 1;
    // With the comma before it (an entry after the first), else with the one after it (the first).
    if (patched[entry.at - 1] === ',') patched = patched.slice(0, entry.at - 1) + patched.slice(after);
    else patched = patched.slice(0, entry.at) + patched.slice(patched[after] === ',' ? after + 1 : after);
  }
  if (added.length === 0) return patched;
  const close = patched.lastIndexOf('}');
  const separator = patched.slice(0, close).trimEnd().endsWith('{') ? '' : ',';
  return `${patched.slice(0, close)}${separator}${added.join(',')}}`;
}

/** Where in the manifest each key sits (keys it does not have after those it has, in their given order). */
export function inManifestOrder(text: string, keys: Iterable<string>): string[] {
  const list = [...keys];
  if (list.length < 2) return list;
  const positions = new Map<string, number>();
  let next = text.length;
  for (const key of list) positions.set(key, entryOf(text, key)?.at ?? next++);
  return [...positions].sort(([, a], [, b]) => a - b).map(([key]) => key);
}
