// An ingredient's own `ingredient_list` read as a list of its ingredients, each with its own in parentheses
// ("sugar, chocolate (cocoa mass, sugar), cocoa butter"), and what it makes of the ingredient in a
// statement: a compound ingredient keeps its name and its place, its ingredients following in parentheses
// in their own order (21 CFR 101.4(b)(2); Regulation (EU) 1169/2011 Art. 18(1) and Annex VII Part E point
// 2; FSANZ Standard 1.2.4—4; FDR B.01.008.1). docs/labeling.md#compound-ingredients.
//
// Lists come from clients: the reader makes one pass over the text (no backtracking), nests at most
// MAX_DEPTH parentheses deep (deeper ones are kept as text) and reads at most MAX_PARTS entries (a list
// with more is kept as one text, as it was written).

export interface ListPart {
  text: string;
  /** Its own ingredients, in parentheses after it. */
  parts?: ListPart[];
  /** Words after its closing parenthesis ("chocolate (70 % cocoa) chips": " chips"). */
  after?: string;
}

export const MAX_DEPTH = 8;
export const MAX_PARTS = 2000;

interface Frame {
  items: ListPart[];
  text: string;
  /** The entry being read, once it has parts (the text after its ")" goes to `after`). */
  open: ListPart | null;
}

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

function finish(frame: Frame): number {
  const text = squeeze(frame.text);
  frame.text = '';
  if (frame.open) {
    if (text !== '') frame.open.after = text;
    frame.items.push(frame.open);
    frame.open = null;
    return 1;
  }
  if (text === '') return 0;
  frame.items.push({ text });
  return 1;
}

/**
 * The entries of a list, at any depth: commas separate entries, "(" and "[" open an entry's own list,
 * ")" and "]" close it. A closing bracket with nothing open is text; brackets left open close at the end.
 * Null when the list has more than MAX_PARTS entries (the caller keeps the text as written).
 */
export function parseIngredientList(list: string): ListPart[] | null {
  const stack: Frame[] = [{ items: [], text: '', open: null }];
  let count = 0;
  let literalDepth = 0;
  for (const c of list) {
    const frame = stack[stack.length - 1] as Frame;
    if (literalDepth > 0) {
      // Inside brackets deeper than MAX_DEPTH: kept as the entry's text.
      frame.text += c;
      if (c === '(' || c === '[') literalDepth++;
      else if (c === ')' || c === ']') literalDepth--;
      continue;
    }
    if (c === ',') {
      count += finish(frame);
    } else if (c === '(' || c === '[') {
      // Deeper than MAX_DEPTH, or a second bracket after an entry's list ("a (b) (c)"): kept as text.
      if (stack.length > MAX_DEPTH || frame.open) {
        frame.text += c;
        literalDepth = 1;
        continue;
      }
      // The text so far is the entry's name.
      frame.open = { text: squeeze(frame.text) };
      frame.text = '';
      stack.push({ items: [], text: '', open: null });
    } else if (c === ')' || c === ']') {
      if (stack.length === 1) {
        frame.text += c;
        continue;
      }
      count += finish(frame);
      stack.pop();
      const parent = stack[stack.length - 1] as Frame;
      if (parent.open) parent.open.parts = frame.items;
    } else frame.text += c;
    if (count > MAX_PARTS) return null;
  }
  // Brackets left open close at the end of the text.
  while (stack.length > 1) {
    const frame = stack.pop() as Frame;
    count += finish(frame);
    const parent = stack[stack.length - 1] as Frame;
    if (parent.open) parent.open.parts = frame.items;
  }
  count += finish(stack[0] as Frame);
  return count > MAX_PARTS ? null : (stack[0] as Frame).items;
}

function renderParts(part: ListPart): string {
  return part.parts && part.parts.length > 0 ? ` (${listText(part.parts)})` : '';
}

/** One entry as printed: "chocolate (cocoa mass, sugar)". */
export function partText(part: ListPart): string {
  return `${part.text}${renderParts(part)}${part.after ? ` ${part.after}` : ''}`;
}

/** Entries as printed: "a, b (c, d), e". */
export function listText(parts: readonly ListPart[]): string {
  return parts.map(partText).join(', ');
}

/**
 * What an ingredient with its own list is in a statement:
 * - a list of several ingredients ("sugar, chocolate, cocoa butter") makes it a compound ingredient:
 *   its name, then its ingredients in parentheses;
 * - a list that is one entry with its own ingredients ("chocolate chips (sugar, chocolate)", the form
 *   written before compound ingredients were read) is the whole entry, name included;
 * - a list of one plain entry ("cane sugar") is the name the statement prints for it.
 * Null when there is no list (blank).
 */
export function compoundEntry(name: string, list: string | null | undefined): ListPart | null {
  if (!list || list.trim() === '') return null;
  const parts = parseIngredientList(list);
  if (parts === null) return { text: squeeze(list) };
  const [first, ...rest] = parts;
  if (first === undefined) return null;
  if (rest.length === 0) return first;
  return { text: name, parts };
}
