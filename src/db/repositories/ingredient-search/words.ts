// The words of a query and of a name (docs/api.md#search), as both databases match and rank them.
import { searchText } from '../../../lib/text.js';

/** Characters that separate words in names (the same set migration 007 strips). */
export const WORD_SEPARATORS = /[\s,()./'";:&+!?%_[\]*#\\-]+/;

/** The query's words, lower-case and accent-free: "Pommes, crues" -> ["pommes", "crues"]. */
/** A query's words, at least one (an empty query is answered before any SQL is built). */
export type QueryWords = [string, ...string[]];

export function queryWords(q: string): string[] {
  return searchText(q)
    .split(WORD_SEPARATORS)
    .filter((w) => w.length > 0);
}

/** A name's search_words (migrations 024 and 031) from its search_name: separators to spaces, a space each side. */
export function wordsOf(searchName: string): string {
  return ` ${searchName.replace(/[,()./'";:&+!?%_[\]*#\\-]/g, ' ')} `;
}

/** The forms a query word also matches as a whole word: itself and its simple plurals ("egg" -> "eggs"). */
export const forms = (w: string) => [w, `${w}s`, `${w}es`];
