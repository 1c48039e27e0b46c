// Ranked name search over the public library and one account's own ingredients (search.ts), one
// strategy per database (sqlite.ts, postgres.ts) over the ranking they share (ranking.ts).
export { BROAD_MATCHES, type IngredientSearchOptions } from './fragments.js';
export { postgresTrigram } from './postgres.js';
export { type SearchResult, searchBestClassesOnly, searchIngredients, searchIngredientsRankingAll } from './search.js';
export { queryWords, WORD_SEPARATORS, wordsOf } from './words.js';
