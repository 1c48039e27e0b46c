// Ingredient statements (21 CFR 101.4(a)(1): ingredients in descending order of predominance by weight;
// FDR B.01.008.1(1): same order in Canada). Duplicates are merged, each ingredient's own
// ingredient_list text is used when set, else its statement_name, and a subrecipe reads "Name (its own statement)".
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
  // A library food's statement name is its common name (21 CFR 101.4(a)(1)), not USDA's description.
  const english = nonBlank(ingredient.ingredient_list) ?? nonBlank(ingredient.statement_name) ?? ingredient.name;
  // docs/api.md §4: a French name may be set on the ingredient; otherwise the English one is used.
  const french = nonBlank(ingredient.ingredient_list_fr) ?? nonBlank(ingredient.name_fr) ?? english;
  return { 'en-US': english, 'en-CA': english, 'fr-CA': french };
}

/**
 * Statements generated from food lines: merged by their English text (the same ingredient twice, or two
 * ingredients labelled alike), ordered by descending net weight, ties in the order first added.
 */
export function recipeStatements(foodLines: readonly LineResult[]): Statements {
  const groups = new Map<string, { first: number; grams: number; text: Record<LabelLanguage, string> }>();
  foodLines.forEach((line, index) => {
    if (!(line.net_grams > 0)) return; // nothing of it reaches the product
    const key = line.display_text['en-US'].toLowerCase();
    const group = groups.get(key);
    if (group) group.grams += line.net_grams;
    else groups.set(key, { first: index, grams: line.net_grams, text: line.display_text });
  });
  if (groups.size === 0) return { 'en-US': null, 'en-CA': null, 'fr-CA': null };
  const ordered = [...groups.values()].sort((a, b) => b.grams - a.grams || a.first - b.first);
  const join = (language: LabelLanguage) => ordered.map((g) => g.text[language]).join(', ');
  return { 'en-US': join('en-US'), 'en-CA': join('en-CA'), 'fr-CA': join('fr-CA') };
}

/** The three statements of an evaluated recipe (what the label work calls). */
export function ingredientStatements(result: { statements: Statements }): Statements {
  return { ...result.statements };
}
