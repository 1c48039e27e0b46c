// The statement of ingredients of a label language as items, each with its allergens, ready for a market
// that emphasises allergens inside the list (EU/UK Regulation (EU) 1169/2011 Art. 21(1)(b); FSANZ
// Standard 1.2.3—4, PEAL). The runs a market builds from these are the list after its heading: the
// label prints the heading, then the runs (docs/api.md#label-data ingredient_statement).
import type { StatementItem } from '../../allergens/emphasis.js';
import type { LabelInput } from './label-input.js';
import type { LabelLanguage } from './model.js';

/** A custom list that starts with its own heading ("Ingredients: ...") keeps it once: the heading is dropped here. */
function withoutHeading(text: string, heading: string): string {
  const word = heading.replace(/[\s:]+$/u, '').toLowerCase();
  if (!text.toLowerCase().startsWith(word)) return text;
  return text.slice(word.length).replace(/^\s*:\s*/u, '');
}

/** The items of the label's statement in `language`, without its heading; null when the label prints none. */
export function labelStatementItems(input: LabelInput, language: LabelLanguage, heading: string): StatementItem[] | null {
  let items: StatementItem[] | null;
  if (input.statement_items) items = input.statement_items(language);
  else {
    // Input without items (the engine called on its own): the given statement as one item with every allergen.
    const given = input.ingredient_statement?.[language];
    items = given && given.trim() !== '' ? [{ text: given.trim(), allergens: input.allergens ?? {} }] : null;
  }
  const [first, ...rest] = items ?? [];
  if (first === undefined) return null;
  return [{ ...first, text: withoutHeading(first.text, heading) }, ...rest];
}
