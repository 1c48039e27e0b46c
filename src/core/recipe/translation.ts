// Where a recipe's French statements fall back to English (docs/api.md#completeness missing_translation): the
// generated French ingredient statement uses an ingredient's English name or list when it has no French
// one (src/core/recipe/statement-entry.ts: a compound ingredient needs its list in the language too), and the French allergen statement prints free-text
// species as written. Subrecipes are walked at any depth.
import { untranslatedFrenchAllergens } from '../allergens/untranslated.js';
import type { NamedIngredient, Untranslated } from '../label/shared/label-input.js';
import type { RecipeResult } from './engine.js';
import { textLanguages } from '../language-texts.js';
import { labelLanguages } from '../label/markets.js';
import { customListIn, languageBase, nameIn } from './label-names.js';
import { statementEntry } from './statement-entry.js';

const blank = (text: string | null | undefined): boolean => !text || text.trim() === '';

function collectIngredients(result: RecipeResult, out: Map<number, NamedIngredient>): void {
  // A custom French statement replaces the generated one (and everything beneath it).
  if (!blank(result.recipe.ingredient_list_fr)) return;
  for (const line of result.lines) {
    if (!line.food || !(line.net_grams > 0)) continue;
    const { ingredient, subrecipe } = line.effective;
    if (subrecipe) {
      if (blank(ingredient.name_fr) && blank(subrecipe.recipe.name_fr))
        out.set(ingredient.id, { id: ingredient.id, name: ingredient.name });
      collectIngredients(subrecipe, out);
    } else if (statementEntry(ingredient, 'fr-CA').untranslated) {
      out.set(ingredient.id, { id: ingredient.id, name: ingredient.name });
    }
  }
}

function collectAllergens(result: RecipeResult, out: Map<string, Set<number>>): void {
  const add = (text: string, id: number | null) => {
    let ids = out.get(text);
    if (!ids) out.set(text, (ids = new Set()));
    if (id !== null) ids.add(id);
  };
  for (const text of untranslatedFrenchAllergens(result.recipe.allergens)) add(text, null);
  for (const line of result.lines) {
    const { ingredient, subrecipe } = line.effective;
    if (subrecipe) collectAllergens(subrecipe, out);
    else for (const text of untranslatedFrenchAllergens(ingredient.allergens)) add(text, ingredient.id);
  }
}

/**
 * Per non-English label language ("es-MX", "es-ES", ...) and per language base ("es": any of its locales,
 * so that a reader by base never misses a gap), the ingredients whose text in the generated statement is
 * the English one (no name or list of their own in that locale or language), walking subrecipes; a custom
 * list in the language replaces the generated statement. French is covered by untranslatedStatements too.
 */
export function untranslatedByLanguage(result: RecipeResult): Record<string, NamedIngredient[]> {
  const out: Record<string, NamedIngredient[]> = {};
  const byBase = new Map<string, Map<number, NamedIngredient>>();
  const translated = textLanguages();
  for (const language of labelLanguages()) {
    const base = languageBase(language);
    if (!translated.includes(base)) continue;
    const found = new Map<number, NamedIngredient>();
    const walk = (r: RecipeResult): void => {
      if (customListIn(r.recipe, language) !== null) return;
      for (const line of r.lines) {
        if (!line.food || !(line.net_grams > 0)) continue;
        const { ingredient, subrecipe } = line.effective;
        if (subrecipe) {
          if (nameIn(ingredient, language) === null && nameIn(subrecipe.recipe, language) === null)
            found.set(ingredient.id, { id: ingredient.id, name: ingredient.name });
          walk(subrecipe);
        } else if (statementEntry(ingredient, language).untranslated) {
          found.set(ingredient.id, { id: ingredient.id, name: ingredient.name });
        }
      }
    };
    walk(result);
    out[language] = [...found.values()];
    const union = byBase.get(base) ?? new Map<number, NamedIngredient>();
    for (const [id, named] of found) union.set(id, named);
    byBase.set(base, union);
  }
  for (const [base, found] of byBase) out[base] = [...found.values()];
  return out;
}

export function untranslatedStatements(result: RecipeResult): Untranslated {
  const ingredients = new Map<number, NamedIngredient>();
  collectIngredients(result, ingredients);
  const allergens = new Map<string, Set<number>>();
  collectAllergens(result, allergens);
  return {
    ingredients: [...ingredients.values()],
    allergens: [...allergens].map(([text, ids]) => ({ text, ingredient_ids: [...ids] })),
  };
}
