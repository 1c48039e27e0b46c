// Allergen sources the French "Contient" statement can only print as written (FDR B.01.010.3 wants the
// source named in French): a species typed as free text (fish, crustaceans, molluscs) has no catalogued
// French name, so the statement falls back to the text the user gave (docs/api.md#completeness missing_translation).
import { allergenDefinition, capitalise } from './catalogue.js';
import { classifyItem, parseValue, type AllergenMap } from './values.js';

/** The entries of the French statement that are the given text, untranslated ("Tilapia"). */
export function untranslatedFrenchAllergens(allergens: AllergenMap): string[] {
  const out: string[] = [];
  for (const key in allergens) {
    const definition = allergenDefinition(key);
    if (!definition?.declareFreeText) continue;
    const value = parseValue(allergens[key]);
    if (value.kind !== 'list') continue;
    for (const item of value.items) {
      const meaning = classifyItem(definition, item);
      if (meaning.kind !== 'free_text') continue;
      const french = definition.declareFreeText(meaning.text)['fr-CA'];
      if (french !== null && french === capitalise(meaning.text)) out.push(french);
    }
  }
  return out;
}
