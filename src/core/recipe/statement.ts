// Ingredient statements (21 CFR 101.4(a)(1): ingredients in descending order of predominance by weight;
// FDR B.01.008.1(1) and Regulation (EU) 1169/2011 Art. 18(1): the same order). Duplicates are merged,
// each ingredient's own ingredient list is used when set, and a subrecipe reads "Name (its own statement)".
// One statement per label language, from the names in that language (src/core/recipe/label-names.ts).
import { LABEL_LANGUAGES, type LabelLanguage } from '../label/shared/model.js';
import { customListIn, listIn, type NamedThing, nameIn } from './label-names.js';
import type { EffectiveIngredient, LineResult, Statements } from './results.js';

export type { Statements } from './results.js';

const nonBlank = (text: string | null | undefined): string | null => (text && text.trim() !== '' ? text.trim() : null);

const perLanguage = <T>(make: (language: LabelLanguage) => T): Record<LabelLanguage, T> =>
  Object.fromEntries(LABEL_LANGUAGES.map((language) => [language, make(language)])) as Record<LabelLanguage, T>;

/** The words a line contributes to the statement in each language (display_text of a recipe ingredient). */
export function lineDisplayText(effective: EffectiveIngredient): Record<LabelLanguage, string> {
  const { ingredient, subrecipe } = effective;
  if (subrecipe) {
    const withStatement = (name: string, statement: string | null) => (nonBlank(statement) ? `${name} (${statement!.trim()})` : name);
    return perLanguage((language) =>
      withStatement(nameIn(ingredient, language) ?? nameIn(subrecipe.recipe, language) ?? ingredient.name, subrecipe.statements[language]),
    );
  }
  const english = nonBlank(ingredient.ingredient_list) ?? ingredient.name;
  // docs/api.md §4: a name in the language may be set on the ingredient; otherwise the English one is used.
  return perLanguage((language) => listIn(ingredient, language) ?? nameIn(ingredient, language) ?? english);
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
  if (groups.size === 0) return perLanguage(() => null);
  const ordered = [...groups.values()].sort((a, b) => b.grams - a.grams || a.first - b.first);
  return perLanguage((language) => ordered.map((g) => g.text[language]).join(', '));
}

/** The statements of an evaluated recipe, one per label language (what the label work calls). */
export function ingredientStatements(result: { statements: Statements }): Statements {
  return { ...result.statements };
}

/** A recipe's statement per language: its custom list in that language, else the generated one. */
export function statementsWithCustom(
  recipe: NamedThing & { ingredient_list: string | null; ingredient_list_fr: string | null },
  generated: Statements,
): Statements {
  // A custom English list is not French or German: without a custom list in the language, the generated statement.
  // A list set to "" stays "" (no statement printed), as it always has.
  return perLanguage((language) => customListIn(recipe, language) ?? generated[language]);
}
