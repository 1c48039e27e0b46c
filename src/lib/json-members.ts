// JSON objects too big to be worth building (docs/api.md#input-budgets). JSON.parse of an object of
// 46,000 members (an 840 KB `names`) took 30-110 ms on the event loop, only for the object to be
// refused at its budget of 100 members. Before parsing, objects with more than `keep` members are
// cut to their first `keep` + 1: still over every object budget, so the validator refuses the field
// by name with its own budget, as it did, having built 2,001 members instead of 46,000.

/** Members of one JSON object read as sent; an object with more is cut to `JSON_OBJECT_MEMBERS_READ + 1` (above every object budget of src/http/validation.ts). */
export const JSON_OBJECT_MEMBERS_READ = 2_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** Where a string that opens at `at` (its quote) ends: the index after its closing quote, or the text's length. */
function stringEnd(text: string, at: number): number {
  let from = at + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    let backslashes = 0;
    for (let i = quote - 1; text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * The JSON text with every object of more than `keep` members cut after its (`keep` + 1)-th member,
 * in one pass (strings skipped by search, not character by character). Text that is not JSON comes
 * back as it was or cut, and fails to parse as it would have, unless what made it invalid sat in
 * the cut part of an object over the budget, which is then refused for its members instead.
 */
export function cutLargeObjects(text: string, keep = JSON_OBJECT_MEMBERS_READ): string {
  // A member takes 5 characters at the least (`"":0,`): a shorter text has no object to cut.
  if (text.length < 5 * (keep + 1)) return text;
  // For each open container: an object's member count so far (-1 for an array).
  const members: number[] = [];
  // Where the cut of the outermost object being cut began (-1: none), and its depth.
  let cutFrom = -1;
  let cutDepth = -1;
  const kept: string[] = [];
  let keptUpTo = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      continue;
    }
    if (c === OPEN_OBJECT) {
      members.push(0);
    } else if (c === OPEN_ARRAY) {
      members.push(-1);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (cutFrom !== -1 && members.length - 1 === cutDepth) {
        kept.push(text.slice(keptUpTo, cutFrom));
        keptUpTo = i;
        cutFrom = -1;
        cutDepth = -1;
      }
      members.pop();
    } else if (c === COMMA && cutFrom === -1) {
      const depth = members.length - 1;
      const count = members[depth];
      if (count !== undefined && count >= 0) {
        // This comma ends member count + 1; the next would be one over what is kept + 1.
        members[depth] = count + 1;
        if (count + 1 > keep) {
          cutFrom = i;
          cutDepth = depth;
        }
      }
    }
    i++;
  }
  if (kept.length === 0) return text;
  kept.push(text.slice(keptUpTo));
  return kept.join('');
}
