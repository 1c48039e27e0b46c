// An ingredient statement as runs of text with the allergens a market requires emphasised inside it,
// the mechanism of Regulation (EU) 1169/2011 Art. 21(1)(b) (EU/UK, src/core/allergens/annex-ii.ts) and
// of FSANZ Standard 1.2.3—4 (PEAL, src/core/allergens/peal.ts). Each market says which names an
// ingredient's allergens call for and how its language spells them; the runs are built here, once.
// The statement items come from src/core/recipe/statement-items.ts.
import type { AllergenMap } from './values.js';

export interface TextRun {
  text: string;
  /** Printed emphasised (bold): a required allergen name. */
  emphasis: boolean;
}

/** One entry of the statement of ingredients, in order; a compound ingredient lists its own parts. */
export interface StatementItem {
  text: string;
  /** The allergens of this ingredient (for a compound ingredient, those of its parts are emphasised there). */
  allergens: AllergenMap;
  parts?: StatementItem[];
  /** Words after its parts' closing parenthesis ("chocolate (70 % cocoa) chips": "chips"). */
  after?: string;
}

/** A name the market requires for an allergen: how the text may spell it, the first one appended when none is there. */
export interface RequiredName {
  spellings: readonly [string, ...string[]];
}

/** How a language's words are found in the text. */
export interface Spelling {
  /** Endings a spelling may take and still be itself ("s|es" finds "eggs", "almonds"); a regex alternation. */
  endings: string;
  /**
   * Languages that write compounds as one word (German "Weizenmehl", Dutch "tarwebloem"): a spelling of
   * at least four letters is also found inside a longer word.
   */
  compounds: boolean;
}

/** The names an allergen map calls for in one market and language. */
export type NameResolver = (allergens: AllergenMap) => readonly RequiredName[];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const COMPOUND_MIN_LETTERS = 4;
const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';

/** Every occurrence of one of the spellings in the text, as a word of its own (or a compound's part). */
function spellingPattern(spellings: readonly string[], spelling: Spelling): RegExp {
  // Longest first, so "soya bean" wins over "soya".
  const sorted = [...spellings].sort((a, b) => b.length - a.length);
  const source = (list: readonly string[]) => list.map((s) => escapeRegExp(s).replace(/ /g, '\\s+')).join('|');
  const endings = spelling.endings === '' ? '' : `(?:${spelling.endings})?`;
  const alternatives = [`${NOT_WORD_BEFORE}(?:${source(sorted)})${endings}${NOT_WORD_AFTER}`];
  const long = spelling.compounds ? sorted.filter((s) => [...s].length >= COMPOUND_MIN_LETTERS) : [];
  if (long.length > 0) {
    // Any element of a compound: "Weizenmehl" -> "Weizen", "Magermilchpulver" -> "milch". Only the names an
    // ingredient declares are looked for in its own text, so "Milchsäure" is never searched for milk.
    alternatives.push(`(?:${source(long)})`);
  }
  return new RegExp(alternatives.join('|'), 'giu');
}

export function pushRun(runs: TextRun[], text: string, emphasis: boolean): void {
  if (text === '') return;
  const last = runs[runs.length - 1];
  if (last && last.emphasis === emphasis) last.text += text;
  else runs.push({ text, emphasis });
}

/** `text` with every required name found in it emphasised, and the names not found appended: "flour (wheat)". */
function emphasise(text: string, required: readonly RequiredName[], spelling: Spelling, runs: TextRun[]): void {
  const spans: Array<[number, number]> = [];
  const missing: string[] = [];
  for (const r of required) {
    let found = false;
    for (const match of text.matchAll(spellingPattern(r.spellings, spelling))) {
      found = true;
      spans.push([match.index, match.index + match[0].length]);
    }
    if (!found && !missing.includes(r.spellings[0])) missing.push(r.spellings[0]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let at = 0;
  for (const [start, end] of spans) {
    if (start < at) continue; // overlapping spellings: the first wins
    pushRun(runs, text.slice(at, start), false);
    pushRun(runs, text.slice(start, end), true);
    at = end;
  }
  pushRun(runs, text.slice(at), false);
  if (missing.length > 0) {
    pushRun(runs, ' (', false);
    missing.forEach((name, i) => {
      if (i > 0) pushRun(runs, ', ', false);
      pushRun(runs, name, true);
    });
    pushRun(runs, ')', false);
  }
}

/** The names the items call for, by their first spelling (what a compound's parts already carry). */
function namesOf(items: readonly StatementItem[], resolve: NameResolver, into = new Set<string>()): Set<string> {
  for (const item of items) {
    for (const r of resolve(item.allergens)) into.add(r.spellings[0]);
    if (item.parts) namesOf(item.parts, resolve, into);
  }
  return into;
}

function itemRuns(item: StatementItem, resolve: NameResolver, spelling: Spelling, runs: TextRun[]): void {
  const parts = item.parts ?? [];
  // A compound ingredient's allergens that one of its parts declares are emphasised there, not repeated.
  const covered = namesOf(parts, resolve);
  emphasise(
    item.text,
    resolve(item.allergens).filter((r) => !covered.has(r.spellings[0])),
    spelling,
    runs,
  );
  if (parts.length > 0) {
    pushRun(runs, ' (', false);
    parts.forEach((part, i) => {
      if (i > 0) pushRun(runs, ', ', false);
      itemRuns(part, resolve, spelling, runs);
    });
    pushRun(runs, ')', false);
  }
  if (item.after) pushRun(runs, ` ${item.after}`, false);
}

/**
 * The statement of ingredients as runs, the names `resolve` requires emphasised where each ingredient
 * says them and appended in brackets where it does not ("Butter (milk)"). Adjacent runs of the same
 * emphasis are merged. Joined, the runs are the items as the statement prints them: "a, b (c, d), e".
 */
export function emphasisedRuns(items: readonly StatementItem[], resolve: NameResolver, spelling: Spelling): TextRun[] {
  const runs: TextRun[] = [];
  items.forEach((item, i) => {
    if (i > 0) pushRun(runs, ', ', false);
    itemRuns(item, resolve, spelling, runs);
  });
  return runs;
}

/** The runs as one string. */
export const runsText = (runs: readonly TextRun[]): string => runs.map((r) => r.text).join('');
