// What one ingredient (not a subrecipe) is in the statement of a label language: its name there, and, for a
// compound ingredient, its own ingredients in parentheses (src/core/recipe/ingredient-list.ts). English
// prints the statement name (else the name) and the ingredient list; another language its own name and
// list where set (its locale's first: "fr-CA" before "fr"), else the English ones, which the label reports (docs/api.md#trust-and-completeness missing_translation).
import type { Ingredient } from '../ingredient.js';
import type { LabelLanguage } from '../label/shared/model.js';
import { compoundEntry, type ListPart } from './ingredient-list.js';
import { isEnglish, listIn, localeListIn, localeNameIn, nameIn } from './label-names.js';

const nonBlank = (text: string | null | undefined): string | null => (text && text.trim() !== '' ? text.trim() : null);

type Named = Pick<
  Ingredient,
  'name' | 'name_fr' | 'statement_name' | 'ingredient_list' | 'ingredient_list_fr' | 'names' | 'ingredient_lists'
>;

export interface StatementEntry {
  entry: ListPart;
  /** The language's own words are missing: the English name or list stands in. */
  untranslated: boolean;
}

/** The English entry: the statement name (21 CFR 101.4(a)(1) common name) or the name, with the list. */
function englishEntry(ingredient: Named): ListPart {
  const name = nonBlank(ingredient.statement_name) ?? ingredient.name;
  return compoundEntry(name, ingredient.ingredient_list) ?? { text: name };
}

export function statementEntry(ingredient: Named, language: LabelLanguage): StatementEntry {
  const english = englishEntry(ingredient);
  if (isEnglish(language)) {
    // An English locale's own words ("en-GB": courgette) where set, else the English entry.
    const name = localeNameIn(ingredient, language);
    const list = localeListIn(ingredient, language);
    if (name === null && list === null) return { entry: english, untranslated: false };
    const named = name ?? nonBlank(ingredient.statement_name) ?? ingredient.name;
    return { entry: compoundEntry(named, list ?? ingredient.ingredient_list) ?? { text: named }, untranslated: false };
  }
  const name = nameIn(ingredient, language);
  const list = listIn(ingredient, language);
  if (list !== null) {
    const englishName = nonBlank(ingredient.statement_name) ?? ingredient.name;
    const entry = compoundEntry(name ?? englishName, list) ?? { text: name ?? englishName };
    // A list that is the whole entry ("Pépites de chocolat (sucre, ...)") or a plain name needs no name of its own.
    return { entry, untranslated: name === null && entry.parts !== undefined && entry.text === englishName };
  }
  // A compound ingredient without its list in the language: its ingredients stay English, and say so.
  if (english.parts) return { entry: { ...english, text: name ?? english.text }, untranslated: true };
  return name !== null ? { entry: { text: name }, untranslated: false } : { entry: english, untranslated: true };
}
