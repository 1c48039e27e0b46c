// Spreadsheet columns for names and ingredient lists in the label languages (docs/api.md#bulk-work, docs/api.md#market-eu-uk):
// name_de, ingredient_list_de, name_es, ... beside name_fr and ingredient_list_fr, which stay as they are,
// and one per locale: name_fr_ca, name_es_mx, ingredient_list_fr_fr, ...
// On import they become the API's `names` / `ingredient_lists` (a blank cell clears that language).
import { textKeys } from '../../core/language-texts.js';

// The built-in markets' languages (French has its own columns) and locales ("fr-CA" -> name_fr_ca): the
// columns a sheet may hold are fixed when the process starts.
const LANGUAGES = textKeys().filter((language) => language !== 'fr');
const columnOf = (language: string): string => language.toLowerCase().replace('-', '_');

/** name_de, ingredient_list_de, name_es, ... (French has its own columns). */
export const LANGUAGE_COLUMNS: ReadonlyArray<{ name: string; type: 'text' }> = LANGUAGES.flatMap((language) => [
  { name: `name_${columnOf(language)}`, type: 'text' as const },
  { name: `ingredient_list_${columnOf(language)}`, type: 'text' as const },
]);

/** The cells of those columns for an ingredient or recipe. */
export function languageColumnValues(thing: {
  names?: Readonly<Record<string, string>>;
  ingredient_lists?: Readonly<Record<string, string>>;
}): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const language of LANGUAGES) {
    out[`name_${columnOf(language)}`] = thing.names?.[language] ?? null;
    out[`ingredient_list_${columnOf(language)}`] = thing.ingredient_lists?.[language] ?? null;
  }
  return out;
}

/** Moves the columns read from a row into `names` / `ingredient_lists`, as the API takes them. */
export function foldLanguageColumns(input: Record<string, unknown>): void {
  for (const [prefix, field] of [
    ['name_', 'names'],
    ['ingredient_list_', 'ingredient_lists'],
  ] as const) {
    const texts: Record<string, unknown> = {};
    for (const language of LANGUAGES) {
      const column = `${prefix}${columnOf(language)}`;
      if (!(column in input)) continue;
      texts[language] = input[column];
      delete input[column];
    }
    if (Object.keys(texts).length > 0) input[field] = texts;
  }
}
