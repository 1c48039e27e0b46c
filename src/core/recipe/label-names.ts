// Which words of an ingredient or recipe a label language prints: its locale's own (names["fr-CA"]) first;
// English labels the name and list as written; any other language its own name or list (name_fr / names.de
// ...), else the English text (a fallback the label warns
// about, docs/api.md#trust-and-completeness missing_translation).
import type { LanguageTexts } from '../language-texts.js';
import { languageBase } from '../label/shared/languages.js';
import type { LabelLanguage } from '../label/shared/model.js';

// "fr-CA" and "fr-FR" -> "fr": names are kept per language, not per market.
export { languageBase } from '../label/shared/languages.js';

/** Languages that print an ingredient's English text as its own. */
export const isEnglish = (language: LabelLanguage): boolean => languageBase(language) === 'en';

const nonBlank = (text: string | null | undefined): string | null => (text && text.trim() !== '' ? text.trim() : null);

export interface NamedThing {
  name: string;
  name_fr: string | null;
  ingredient_list?: string | null;
  ingredient_list_fr?: string | null;
  /** docs/api.md#label-languages: names and lists in de, es, it, nl (French is name_fr / ingredient_list_fr). Absent in
   * records kept before they existed: no text of their own. */
  names?: LanguageTexts;
  ingredient_lists?: LanguageTexts;
}

/** The thing's own name for the locale ("fr-CA": canola, "fr-FR": colza), else null. */
export const localeNameIn = (thing: NamedThing, language: LabelLanguage): string | null => nonBlank(thing.names?.[language]);

/** The thing's own ingredient list for the locale, else null. */
export const localeListIn = (thing: NamedThing, language: LabelLanguage): string | null => nonBlank(thing.ingredient_lists?.[language]);

/** Whether the thing has any text of a locale of its own ("fr-CA", ...): its words may differ between a language's markets. */
export function hasLocaleTexts(thing: NamedThing): boolean {
  for (const texts of [thing.names, thing.ingredient_lists]) if (texts) for (const key in texts) if (key.includes('-')) return true;
  return false;
}

/** The thing's own name in the locale, else in its language, or null (English: the name). */
export function nameIn(thing: NamedThing, language: LabelLanguage): string | null {
  const local = localeNameIn(thing, language);
  if (local !== null) return local;
  const base = languageBase(language);
  if (base === 'en') return thing.name;
  return nonBlank(base === 'fr' ? thing.name_fr : thing.names?.[base]);
}

/** The thing's own ingredient list in the locale, else in its language, or null. */
export function listIn(thing: NamedThing, language: LabelLanguage): string | null {
  const local = localeListIn(thing, language);
  if (local !== null) return local;
  const base = languageBase(language);
  if (base === 'en') return nonBlank(thing.ingredient_list);
  return nonBlank(base === 'fr' ? thing.ingredient_list_fr : thing.ingredient_lists?.[base]);
}

/** A recipe's custom list in the locale, else the language, exactly as set (a blank list suppresses the statement), or null. */
export function customListIn(thing: NamedThing, language: LabelLanguage): string | null {
  const local = thing.ingredient_lists?.[language];
  if (local !== undefined && local !== null) return local;
  const base = languageBase(language);
  if (base === 'en') return thing.ingredient_list ?? null;
  return (base === 'fr' ? thing.ingredient_list_fr : thing.ingredient_lists?.[base]) ?? null;
}
