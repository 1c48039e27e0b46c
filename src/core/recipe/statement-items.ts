// The ingredient statement of an evaluated recipe as items, each with its own allergens: what a market
// that emphasises allergens inside the list builds its runs from (EU/UK Regulation (EU) 1169/2011
// Art. 21(1)(b) through src/core/allergens/annex-ii.ts, FSANZ PEAL through src/core/allergens/peal.ts).
// The items follow the statement exactly (src/core/recipe/statement.ts: merged by English text, by
// descending net weight, a subrecipe as "Name (its own statement)", a custom list in the language
// replacing the generated one), so joined they are the statement text in that language. Canadian
// statements are the exception: they group sugars-based ingredients (FDR B.01.008.3), which items do
// not model, since Canadian labels declare allergens in a statement of their own, never as runs.
import type { StatementItem } from '../allergens/emphasis.js';
import { mergeAllergens } from '../allergens.js';
import type { LabelLanguage } from '../label/shared/model.js';
import { attributeAllergens } from '../allergens/compound-parts.js';
import type { EuBase } from '../allergens/annex-ii.js';
import { partText } from './ingredient-list.js';
import { customListIn, languageBase, nameIn } from './label-names.js';
import { statementEntry } from './statement-entry.js';
import type { LineResult, RecipeResult } from './results.js';

export type { StatementItem } from '../allergens/emphasis.js';

const nonBlank = (text: string | null | undefined): string | null => (text && text.trim() !== '' ? text.trim() : null);

/** The items of a recipe's statement in a language; null when it prints none (no food line, or a blank custom list). */
export function statementItems(result: RecipeResult, language: LabelLanguage): StatementItem[] | null {
  const custom = customListIn(result.recipe, language);
  if (custom !== null) {
    // A custom list is the recipe's own words: one item carrying every allergen of the recipe.
    const text = nonBlank(custom);
    return text === null ? null : [{ text, allergens: result.allergens }];
  }
  const groups = new Map<string, { first: number; grams: number; lines: [LineResult, ...LineResult[]] }>();
  result.lines.forEach((line, index) => {
    if (!line.food || !(line.net_grams > 0)) return; // nothing of it reaches the product
    const key = (line.display_text['en-US'] ?? '').toLowerCase();
    const group = groups.get(key);
    if (group) {
      group.grams += line.net_grams;
      group.lines.push(line);
    } else groups.set(key, { first: index, grams: line.net_grams, lines: [line] });
  });
  if (groups.size === 0) return null;
  const ordered = [...groups.values()].sort((a, b) => b.grams - a.grams || a.first - b.first);
  return ordered.map(({ lines }) => itemOf(lines, language));
}

function itemOf(lines: readonly [LineResult, ...LineResult[]], language: LabelLanguage): StatementItem {
  const [first] = lines;
  const allergens = mergeAllergens(...lines.map((l) => l.effective.ingredient.allergens));
  const { ingredient, subrecipe } = first.effective;
  if (subrecipe) {
    const parts = statementItems(subrecipe, language);
    const name = nameIn(ingredient, language) ?? nameIn(subrecipe.recipe, language) ?? ingredient.name;
    return parts === null ? { text: name, allergens } : { text: name, allergens, parts };
  }
  // A compound ingredient: its allergens given to the ingredients of its list that name them.
  const { entry } = statementEntry(ingredient, language);
  if (!entry.parts) return { text: partText(entry), allergens };
  const { parts, unplaced } = attributeAllergens(allergens, entry.parts, languageBase(language) as EuBase);
  const item: StatementItem = { text: entry.text, allergens: unplaced, parts };
  if (entry.after) item.after = entry.after;
  return item;
}

/** The items as the statement prints them: "a, b (c, d), e" (what statementItems must reproduce). */
export function itemsText(items: readonly StatementItem[]): string {
  return items
    .map((item) => {
      const text = item.parts && item.parts.length > 0 ? `${item.text} (${itemsText(item.parts)})` : item.text;
      return item.after ? `${text} ${item.after}` : text;
    })
    .join(', ');
}
