// Ingredient statements (21 CFR 101.4(a)(1): ingredients in descending order of predominance by weight;
// FDR B.01.008.1(1): same order in Canada). Duplicates are merged, each ingredient's own
// ingredient_list text is used when set, and a subrecipe reads "Name (its own statement)". Canadian lists
// group the sugars-based ingredients after "Sugars" (FDR B.01.008.3).
import { isSugarsBased } from '../label/canada/sugars-based.js';
import type { LabelLanguage } from '../label/shared/model.js';
import type { EffectiveIngredient, LineResult, Statements } from './results.js';

export type { Statements } from './results.js';

const nonBlank = (text: string | null | undefined): string | null => (text && text.trim() !== '' ? text.trim() : null);

/** The words a line contributes to the statement in each language (display_text of a recipe ingredient). */
export function lineDisplayText(effective: EffectiveIngredient): Record<LabelLanguage, string> {
  const { ingredient, subrecipe } = effective;
  if (subrecipe) {
    const englishName = ingredient.name;
    const frenchName = nonBlank(ingredient.name_fr) ?? nonBlank(subrecipe.recipe.name_fr) ?? englishName;
    const withStatement = (name: string, statement: string | null) => (nonBlank(statement) ? `${name} (${statement!.trim()})` : name);
    return {
      'en-US': withStatement(englishName, subrecipe.statements['en-US']),
      'en-CA': withStatement(englishName, subrecipe.statements['en-CA']),
      'fr-CA': withStatement(frenchName, subrecipe.statements['fr-CA']),
    };
  }
  const english = nonBlank(ingredient.ingredient_list) ?? ingredient.name;
  // docs/api.md §4: a French name may be set on the ingredient; otherwise the English one is used.
  const french = nonBlank(ingredient.ingredient_list_fr) ?? nonBlank(ingredient.name_fr) ?? english;
  return { 'en-US': english, 'en-CA': english, 'fr-CA': french };
}

interface StatementEntry {
  first: number;
  grams: number;
  text: Record<LabelLanguage, string>;
  sugarsBased: boolean;
}

const byWeight = (a: StatementEntry, b: StatementEntry) => b.grams - a.grams || a.first - b.first;

/** The word that opens the group of sugars-based ingredients (FDR B.01.008.3(1)(a), (b)). */
const SUGARS_TERM: Record<'en-CA' | 'fr-CA', string> = { 'en-CA': 'Sugars', 'fr-CA': 'Sucres' };

/**
 * A Canadian list (FDR B.01.008.3): the sugars-based ingredients in parentheses after "Sugars" /
 * "Sucres", each entirely in lower case ((3)(a)), in descending order of its own weight ((3)(b)(i)),
 * separated by commas ((3)(b)(ii)); the group placed by their combined weight ((2)(a)). One sugar is
 * grouped too ("Sugars (sugar)": (1) applies to "one or more").
 */
function canadianOrder(ordered: readonly StatementEntry[], language: 'en-CA' | 'fr-CA'): string {
  const sugars = ordered.filter((e) => e.sugarsBased);
  if (sugars.length === 0) return ordered.map((e) => e.text[language]).join(', ');
  const members = sugars.map((e) => e.text[language].toLocaleLowerCase(language)).join(', ');
  const group: StatementEntry = {
    first: Math.min(...sugars.map((e) => e.first)),
    grams: sugars.reduce((sum, e) => sum + e.grams, 0),
    text: { 'en-US': '', 'en-CA': '', 'fr-CA': '' },
    sugarsBased: true,
  };
  const entries = [...ordered.filter((e) => !e.sugarsBased), group].sort(byWeight);
  return entries.map((e) => (e === group ? `${SUGARS_TERM[language]} (${members})` : e.text[language])).join(', ');
}

/**
 * Statements generated from food lines: merged by their English text (the same ingredient twice, or two
 * ingredients labelled alike), ordered by descending net weight, ties in the order first added; the
 * Canadian ones group the sugars-based ingredients (canadianOrder).
 */
export function recipeStatements(foodLines: readonly LineResult[]): Statements {
  const groups = new Map<string, StatementEntry>();
  foodLines.forEach((line, index) => {
    if (!(line.net_grams > 0)) return; // nothing of it reaches the product
    const key = line.display_text['en-US'].toLowerCase();
    const sugarsBased = isSugarsBased(line.effective.ingredient);
    const group = groups.get(key);
    if (group) {
      group.grams += line.net_grams;
      group.sugarsBased ||= sugarsBased;
    } else groups.set(key, { first: index, grams: line.net_grams, text: line.display_text, sugarsBased });
  });
  if (groups.size === 0) return { 'en-US': null, 'en-CA': null, 'fr-CA': null };
  const ordered = [...groups.values()].sort(byWeight);
  return {
    'en-US': ordered.map((g) => g.text['en-US']).join(', '),
    'en-CA': canadianOrder(ordered, 'en-CA'),
    'fr-CA': canadianOrder(ordered, 'fr-CA'),
  };
}

/** The three statements of an evaluated recipe (what the label work calls). */
export function ingredientStatements(result: { statements: Statements }): Statements {
  return { ...result.statements };
}
